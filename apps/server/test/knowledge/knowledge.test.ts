// The knowledge screen's API through real HTTP (issue 42 points 1 and 3): articles, the "try a
// question" search, the intake of quick messages and file lists' documents on the job runner, its
// last report kept, PDFs read in a process of their own, and bad input: another company's article,
// oversized text, an unreadable PDF, a PDF that would parse forever, a plan without useOpenAi.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { jsPDF } from 'jspdf';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KNOWLEDGE_BODY_MAX_CHARS } from '@atende/shared/knowledge';
import { knowledgeArticles, knowledgePassages } from '../../src/db/schema.ts';
import { readDocumentText, UnreadableDocument } from '../../src/modules/knowledge/knowledge-documents.ts';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { heavyPdf, hostilePdf } from './hostile-pdf.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await t?.close();
});

const adminOf = async (planFlags: NonNullable<Parameters<typeof createCompany>[1]>['planFlags'] = {}) => {
  const tenant = await createCompany(t.db, { planFlags });
  const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, token };
};

const create = async (token: string, body: Record<string, unknown>) => {
  const answer = await t.request('POST', '/knowledge', { token, body });
  if (answer.status !== 201) throw new Error(`create: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number };
};

// a loaded machine runs the intake job slowly: wait for its end, however long, within the test's time
const WAIT = { timeout: 30_000, interval: 100 };

const articlesOf = (companyId: number) => t.db.select().from(knowledgeArticles).where(eq(knowledgeArticles.companyId, companyId));

const pdfOf = (...pages: string[]) => {
  const doc = new jsPDF();
  pages.forEach((text, index) => {
    if (index > 0) doc.addPage();
    doc.text(text, 10, 10);
  });
  return Buffer.from(doc.output('arraybuffer'));
};

describe('knowledge articles (issue 42 point 1)', () => {
  it('creates, reads, pages, searches, updates and deletes; the "try a question" box answers the passages retrieval gives', async () => {
    const c = await adminOf();
    const queue = await createQueue(t.db, c.company.id, 'Vendas');
    const created = await t.request('POST', '/knowledge', {
      token: c.token,
      body: { title: 'Entrega', body: 'O prazo de entrega é de cinco dias úteis.', queueId: queue.id, language: 'portuguese', companyId: 999 },
    });
    expect(created).toMatchObject({ status: 201, body: { title: 'Entrega', queueId: queue.id, source: 'article', sourceId: null, language: 'portuguese' } });
    await create(c.token, { title: 'Trocas', body: 'Trocas em até sete dias.' });
    const id = created.body.id as number;

    expect((await t.request('GET', '/knowledge', { token: c.token })).body).toMatchObject({ count: 2, hasMore: false, records: [{ title: 'Trocas' }, { title: 'Entrega' }] });
    expect((await t.request('GET', '/knowledge?searchParam=PRAZO', { token: c.token })).body).toMatchObject({ count: 1, records: [{ title: 'Entrega', excerpt: 'O prazo de entrega é de cinco dias úteis.' }] });
    expect((await t.request('GET', `/knowledge/${id}`, { token: c.token })).body).toMatchObject({ id, body: 'O prazo de entrega é de cinco dias úteis.' });

    const tried = await t.request('POST', '/knowledge/search', { token: c.token, body: { question: 'quais os prazos de entrega?', queueId: queue.id } });
    expect(tried).toMatchObject({ status: 200, body: { passages: [{ articleId: id, title: 'Entrega', text: 'O prazo de entrega é de cinco dias úteis.' }] } });
    expect((await t.request('POST', '/knowledge/search', { token: c.token, body: { question: 'quais os prazos de entrega?', queueId: null } })).body).toEqual({ passages: [] });

    const updated = await t.request('PUT', `/knowledge/${id}`, { token: c.token, body: { body: 'Entregamos em dois dias.', queueId: null } });
    expect(updated.body).toMatchObject({ id, title: 'Entrega', body: 'Entregamos em dois dias.', queueId: null });
    expect((await t.request('POST', '/knowledge/search', { token: c.token, body: { question: 'prazo' } })).body).toEqual({ passages: [] });
    const partial = await t.request('POST', '/knowledge/search', { token: c.token, body: { question: 'entregam em quantos dias' } });
    expect(partial.body).toMatchObject({ passages: [{ articleId: id }, { title: 'Trocas' }] });

    expect((await t.request('DELETE', `/knowledge/${id}`, { token: c.token })).status).toBe(204);
    expect((await t.request('GET', `/knowledge/${id}`, { token: c.token })).status).toBe(404);
    expect(await t.db.select().from(knowledgePassages).where(eq(knowledgePassages.articleId, id))).toEqual([]);
  });

  it('bad input changes nothing: empty or oversized text, a bad language, a queue of another company (issue 42 point 3)', async () => {
    const c = await adminOf();
    const other = await adminOf();
    const theirQueue = await createQueue(t.db, other.company.id);
    for (const body of [
      {},
      { title: '', body: 'x' },
      { title: 'x', body: '   ' },
      { title: 'x', body: 'y'.repeat(KNOWLEDGE_BODY_MAX_CHARS + 1) },
      { title: 'x'.repeat(201), body: 'y' },
      { title: 'x', body: 'y', language: "english'; drop table knowledge_articles; --" },
      { title: 'x', body: 'y', queueId: 'abc' },
    ]) {
      const answer = await t.request('POST', '/knowledge', { token: c.token, body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const tooLong = await t.request('POST', '/knowledge', { token: c.token, body: { title: 'x', body: 'y'.repeat(KNOWLEDGE_BODY_MAX_CHARS + 1) } });
    expect(JSON.stringify(tooLong.body)).toContain('validation.tooLong');
    const foreignQueue = await t.request('POST', '/knowledge', { token: c.token, body: { title: 'x', body: 'y', queueId: theirQueue.id } });
    expect(foreignQueue).toMatchObject({ status: 400 });
    expect(JSON.stringify(foreignQueue.body)).toContain('knowledge.queueNotFound');
    expect(await articlesOf(c.company.id)).toEqual([]);
  });

  it("another company's article is not found and stays as it was; its passages never answer (issue 42 point 3)", async () => {
    const mine = await adminOf();
    const theirs = await adminOf();
    const { id } = await create(theirs.token, { title: 'Cofre', body: 'A senha do cofre é girassol.' });
    expect((await t.request('GET', `/knowledge/${id}`, { token: mine.token })).status).toBe(404);
    expect((await t.request('PUT', `/knowledge/${id}`, { token: mine.token, body: { body: 'trocado' } })).status).toBe(404);
    expect((await t.request('DELETE', `/knowledge/${id}`, { token: mine.token })).status).toBe(404);
    expect((await t.request('GET', '/knowledge', { token: mine.token })).body).toMatchObject({ count: 0 });
    expect((await t.request('POST', '/knowledge/search', { token: mine.token, body: { question: 'senha do cofre' } })).body).toEqual({ passages: [] });
    expect((await t.request('GET', `/knowledge/${id}`, { token: theirs.token })).body).toMatchObject({ body: 'A senha do cofre é girassol.' });
  });

  it('a plan without useOpenAi and a profile user get 403 (issue 42 point 1, 02-operations §7 Prompts)', async () => {
    const noPlan = await adminOf({ useOpenAi: false });
    expect((await t.request('GET', '/knowledge', { token: noPlan.token })).status).toBe(403);
    expect((await t.request('POST', '/knowledge/intake', { token: noPlan.token, body: {} })).status).toBe(403);
    const c = await adminOf();
    const user = await createUser(t.db, c.company.id, { profile: 'user' });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    expect((await t.request('GET', '/knowledge', { token })).status).toBe(403);
    expect((await t.request('POST', '/knowledge/search', { token, body: { question: 'x' } })).status).toBe(403);
  });
});

describe('taking in the sources (issue 42 point 1)', () => {
  it('takes in shared text quick messages and the file lists’ PDFs and text files on the job runner; again updates, never doubles; an unreadable PDF is reported (issue 42 points 1 and 3)', async () => {
    const c = await adminOf();
    const socket = await connectSocket(t, c.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const quick = async (body: Record<string, unknown>) => (await t.request('POST', '/quick-messages', { token: c.token, body })).body as { id: number };
    const shared = await quick({ shortcode: 'frete', message: 'Frete grátis acima de cem reais.', geral: true });
    await quick({ shortcode: 'privada', message: 'Meu lembrete pessoal sobre o cofre.' });
    await quick({ shortcode: 'vazia', message: '', geral: true });

    const list = await t.request('POST', '/files', { token: c.token, body: { name: 'Manuais', message: 'Segue o manual.', options: [{ name: 'Manual' }, { name: 'Horários' }, { name: 'Quebrado' }] } });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const [manual, hours, broken] = list.body.options as { id: number }[];
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(pdfOf('A garantia do aparelho dura um ano.', 'Assistencia tecnica em Recife.'))]), 'manual.pdf');
    form.append('id', String(manual.id));
    form.append('files', new Blob([new TextEncoder().encode('Atendemos de segunda a sexta, das 8h às 18h.')]), 'horarios.txt');
    form.append('id', String(hours.id));
    form.append('files', new Blob([new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')]), 'quebrado.pdf');
    form.append('id', String(broken.id));
    const uploaded = await t.request('POST', `/files/uploadList/${list.body.id}`, { token: c.token, rawBody: form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);

    // the app's runner takes the job in the background; the state is idle again once it is done
    const intake = async (body: Record<string, unknown>) => {
      expect((await t.request('POST', '/knowledge/intake', { token: c.token, body })).body).toMatchObject({ state: 'waiting' });
      await t.app.jobs.runDue();
      await vi.waitFor(async () => expect((await t.request('GET', '/knowledge/intake', { token: c.token })).body).toMatchObject({ state: 'idle' }), WAIT);
    };
    expect((await t.request('GET', '/knowledge/intake', { token: c.token })).body).toEqual({ state: 'idle', last: null });
    await intake({ language: 'portuguese' });
    const report = { quickMessages: 1, documents: 2, removed: 0, unreadable: [{ name: 'Quebrado', reason: 'broken', detail: expect.any(String) }] };
    await vi.waitFor(
      () => expect(seen).toContainEqual({ channel: `company-${c.company.id}-knowledge`, payload: { action: 'intake', report: { ...report, finishedAt: expect.any(String) } } }),
      WAIT,
    );
    // the report is kept (issue 42 point 1): the screen reads it after a reload as the socket sent it;
    // it is no company setting the settings screen lists, and no other company reads it
    const heard = seen.find((event) => event.channel === `company-${c.company.id}-knowledge`)?.payload as { report: { finishedAt: string } };
    expect((await t.request('GET', '/knowledge/intake', { token: c.token })).body).toEqual({ state: 'idle', last: heard.report });
    expect(Object.keys((await t.request('GET', `/companySettings/${c.company.id}`, { token: c.token })).body as object)).not.toContain('knowledgeIntakeReport');
    const other = await adminOf();
    expect((await t.request('GET', '/knowledge/intake', { token: other.token })).body).toEqual({ state: 'idle', last: null });
    const titles = async () => (await articlesOf(c.company.id)).map((row) => `${row.source}:${row.title}`).sort();
    expect(await titles()).toEqual(['fileList:Horários', 'fileList:Manual', 'quickMessage:frete']);
    const ask = async (question: string) =>
      ((await t.request('POST', '/knowledge/search', { token: c.token, body: { question } })).body as { passages: { title: string; text: string }[] }).passages;
    expect(await ask('quanto tempo dura a garantia?')).toMatchObject([{ title: 'Manual', text: expect.stringContaining('Assistencia tecnica em Recife') }]);
    expect(await ask('qual o horário de atendimento')).toMatchObject([{ title: 'Horários' }]);
    expect(await ask('frete grátis')).toMatchObject([{ title: 'frete', text: 'Frete grátis acima de cem reais.' }]);
    expect(await ask('lembrete do cofre')).toEqual([]);

    await t.request('PUT', `/quick-messages/${shared.id}`, { token: c.token, body: { message: 'Frete grátis acima de duzentos reais.' } });
    await intake({});
    expect(await titles()).toEqual(['fileList:Horários', 'fileList:Manual', 'quickMessage:frete']);
    expect(await ask('frete grátis')).toMatchObject([{ text: 'Frete grátis acima de duzentos reais.' }]);

    await t.request('DELETE', `/quick-messages/${shared.id}`, { token: c.token });
    await intake({});
    expect(await titles()).toEqual(['fileList:Horários', 'fileList:Manual']);
    expect((await t.request('GET', '/knowledge/intake', { token: c.token })).body).toMatchObject({ last: { quickMessages: 0, documents: 2, removed: 1 } });
    const [row] = await t.db
      .select()
      .from(knowledgeArticles)
      .where(and(eq(knowledgeArticles.companyId, c.company.id), eq(knowledgeArticles.source, 'fileList'), eq(knowledgeArticles.sourceId, manual.id)));
    expect(row.body).toContain('A garantia do aparelho dura um ano.');
  });
});

describe('PDFs read in a process of their own (issue 42 point 1)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'atende-knowledge-pdf-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const fileOf = (name: string, bytes: Buffer) => {
    const path = join(folder, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('a PDF that would parse forever is ended at the time limit and named unreadable, while the server answers requests; the next PDF is read', async () => {
    const c = await adminOf();
    const parsing = readDocumentText(fileOf('hostile.pdf', hostilePdf()), { timeoutMs: 10_000, memoryMb: 256 });
    let settled = false;
    void parsing.then(
      () => (settled = true),
      () => (settled = true),
    );
    // answered while the parse runs: pdf.js on this thread would hold the answer until it ended
    expect((await t.request('GET', '/knowledge', { token: c.token })).status).toBe(200);
    expect(settled).toBe(false);
    const refused = await parsing.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnreadableDocument);
    expect(refused).toMatchObject({ reason: 'tooSlow', message: 'took longer than 10 s to read' });

    expect(await readDocumentText(fileOf('normal.pdf', pdfOf('O reembolso sai em sete dias.')), { timeoutMs: 60_000, memoryMb: 256 })).toBe('O reembolso sai em sete dias.');
  }, 60_000);

  it('a PDF that needs more heap than its reader may have is named unreadable; the server lives on', async () => {
    const refused = await readDocumentText(fileOf('heavy.pdf', heavyPdf(15_000_000)), { timeoutMs: 60_000, memoryMb: 64 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ reason: 'tooMuchMemory', message: 'needs more than 64 MB to read' });
    expect((await t.request('GET', '/ready')).status).toBe(200);
  }, 90_000);

  it("the intake names a PDF past the server's time limit unreadable and takes in the rest (KNOWLEDGE_PDF_TIMEOUT_SECONDS)", async () => {
    const limited = await startTestApp({ knowledgePdf: { timeoutMs: 3_000, memoryMb: 256 } });
    try {
      const tenant = await createCompany(limited.db, {});
      const { token } = await limited.login(tenant.admin.email, TEST_PASSWORD);
      const list = await limited.request('POST', '/files', { token, body: { name: 'Anexos', message: 'Segue.', options: [{ name: 'Hostil' }, { name: 'Trocas' }] } });
      const [hostile, exchanges] = list.body.options as { id: number }[];
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(hostilePdf())]), 'hostil.pdf');
      form.append('id', String(hostile.id));
      form.append('files', new Blob([new TextEncoder().encode('Trocas em até sete dias corridos.')]), 'trocas.txt');
      form.append('id', String(exchanges.id));
      expect((await limited.request('POST', `/files/uploadList/${list.body.id}`, { token, rawBody: form })).status).toBe(200);

      await limited.request('POST', '/knowledge/intake', { token, body: {} });
      await limited.app.jobs.runDue();
      await vi.waitFor(async () => expect((await limited.request('GET', '/knowledge/intake', { token })).body).toMatchObject({ state: 'idle', last: { documents: 1 } }), WAIT);
      expect(((await limited.request('GET', '/knowledge/intake', { token })).body as { last: unknown }).last).toMatchObject({
        documents: 1,
        unreadable: [{ name: 'Hostil', reason: 'tooSlow', detail: 'took longer than 3 s to read' }],
      });
    } finally {
      await limited.close();
    }
  }, 60_000);
});
