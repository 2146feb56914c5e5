import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LIST_FILE_MAX_BYTES } from '@atende/shared/file-lists';
import { fileListOptions, fileLists } from '../../src/db/schema.ts';
import { connectSocket, recordEvents, setupAttendance } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let png: Buffer;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0055ff' } }).png().toBuffer();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t?.close();
});

type FileList = { id: number; name: string; message: string; userId: number | null; options: { id: number; name: string; path: string | null; mediaType: string | null }[] };
type Part = { data: Buffer; name: string; optionId?: number };

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');

const company = async () => {
  const a = await setupAttendance(t);
  const token = a.adminSession.token;
  const create = async (body: Record<string, unknown>) => {
    const answer = await t.request('POST', '/files', { token, body });
    if (answer.status !== 201) throw new Error(`create: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as FileList;
  };
  // The web's form: fileId, typeArch, then mediaType, name and id once per file.
  const upload = (listId: number, parts: Part[], as = token) => {
    const form = new FormData();
    form.append('fileId', String(listId));
    form.append('typeArch', 'fileList');
    for (const part of parts) {
      form.append('files', new Blob([new Uint8Array(part.data)], { type: 'image/png' }), part.name);
      form.append('mediaType', 'image/png');
      form.append('name', part.name);
      if (part.optionId !== undefined) form.append('id', String(part.optionId));
    }
    return t.request('POST', `/files/uploadList/${listId}`, { token: as, rawBody: form });
  };
  const rowsOf = async () => ({
    lists: await t.db.select().from(fileLists).where(eq(fileLists.companyId, a.company.id)),
    options: await t.db.select().from(fileListOptions).where(eq(fileListOptions.companyId, a.company.id)),
  });
  return { a, token, create, upload, rowsOf };
};

const stored = (path: string) => join(t.config.dataDir, path);

describe('file lists (02-operations §7 File lists, §3 File list, §5)', () => {
  it('creates with its options, reads, pages, searches, edits and deletes', async () => {
    const c = await company();
    const created = await t.request('POST', '/files', {
      token: c.token,
      body: { name: 'Catálogo', message: 'Segue o catálogo', options: [{ name: 'Capa' }, { name: 'Preços', path: '/etc/passwd', mediaType: 'image' }], userId: 999, companyId: 999 },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Catálogo', message: 'Segue o catálogo', userId: c.a.admin.id, options: [{ name: 'Capa', path: null, mediaType: null }, { name: 'Preços', path: null, mediaType: null }] },
    });
    for (let i = 0; i < 20; i++) await c.create({ name: `Lista ${String(i).padStart(2, '0')}`, message: 'texto' });
    const first = await t.request('GET', '/files/?searchParam=&pageNumber=1', { token: c.token });
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.files).toHaveLength(20);
    expect((await t.request('GET', '/files/?pageNumber=2', { token: c.token })).body).toMatchObject({ hasMore: false, files: [{}] });
    expect((await t.request('GET', '/files/?searchParam=CATÁ', { token: c.token })).body.files.map((row: FileList) => row.name)).toEqual(['Catálogo']);

    const id = created.body.id;
    const [cover, prices] = created.body.options;
    expect((await t.request('GET', `/files/${id}`, { token: c.token })).body).toMatchObject({ id, options: [{ id: cover.id }, { id: prices.id }] });
    // options come back in the new order; one sent without its id is new, one left out goes
    const edited = await t.request('PUT', `/files/${id}`, { token: c.token, body: { message: 'Novo texto', options: [{ id: prices.id, name: 'Tabela' }, { name: 'Contrato' }] } });
    expect(edited.body).toMatchObject({ id, name: 'Catálogo', message: 'Novo texto', options: [{ id: prices.id, name: 'Tabela' }, { name: 'Contrato' }] });
    expect(edited.body.options).toHaveLength(2);
    expect((await t.request('DELETE', `/files/${id}`, { token: c.token })).status).toBe(204);
    expect((await t.request('GET', `/files/${id}`, { token: c.token })).status).toBe(404);
    expect((await c.rowsOf()).options.filter((option) => option.fileListId === id)).toEqual([]);
  });

  it('name of at least 3 characters and a message are required; bad input changes nothing (02-operations §5)', async () => {
    const c = await company();
    for (const body of [
      {},
      { name: 'ab', message: 'texto' },
      { name: 'Lista', message: '' },
      { name: 'Lista', message: '   ' },
      { name: 'Lista' },
      { name: 'Lista', message: 'x', options: [{ name: '' }] },
      { name: 'Lista', message: 'x', options: 'nope' },
      { name: 'Lista', message: 'x', options: Array.from({ length: 21 }, (_, i) => ({ name: `f${i}` })) },
    ]) {
      expect((await t.request('POST', '/files', { token: c.token, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(await c.rowsOf()).toEqual({ lists: [], options: [] });
    const list = await c.create({ name: 'Lista', message: 'texto' });
    expect(await t.request('PUT', `/files/${list.id}`, { token: c.token, body: { name: 'ab' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await t.request('GET', `/files/${list.id}`, { token: c.token })).body.name).toBe('Lista');
  });

  it('POST /files/uploadList/{id} stores each file on its option, typed by its content', async () => {
    const c = await company();
    const list = await c.create({ name: 'Catálogo', message: 'Segue', options: [{ name: 'Capa' }, { name: 'Contrato' }, { name: 'Depois' }] });
    const [cover, contract, later] = list.options;
    const answer = await c.upload(list.id, [
      { data: png, name: 'capa.pdf', optionId: cover.id },
      { data: pdf, name: 'contrato.pdf', optionId: contract.id },
    ]);
    expect(answer).toMatchObject({
      status: 200,
      body: { id: list.id, options: [{ id: cover.id, mediaType: 'image' }, { id: contract.id, mediaType: 'application' }, { id: later.id, path: null, mediaType: null }] },
    });
    const [coverPath, contractPath] = answer.body.options.map((option: { path: string }) => option.path);
    expect(coverPath).toMatch(new RegExp(`^/public/company${c.a.company.id}/filelists/[0-9a-f-]{36}\\.png$`));
    expect(contractPath).toMatch(/\.pdf$/);
    expect((await fetch(`${t.url}${coverPath}`)).status).toBe(200);

    // a new file replaces the option's old one, which is removed
    const replaced = await c.upload(list.id, [{ data: pdf, name: 'capa-nova.pdf', optionId: cover.id }]);
    expect(replaced.body.options[0]).toMatchObject({ id: cover.id, mediaType: 'application' });
    expect(existsSync(stored(coverPath))).toBe(false);
    // an option dropped by an edit takes its file with it
    await t.request('PUT', `/files/${list.id}`, { token: c.token, body: { options: [{ id: cover.id, name: 'Capa' }, { id: later.id, name: 'Depois' }] } });
    expect(existsSync(stored(contractPath))).toBe(false);
    // deleting the list removes its files
    const lastPath = replaced.body.options[0].path;
    expect(existsSync(stored(lastPath))).toBe(true);
    await t.request('DELETE', `/files/${list.id}`, { token: c.token });
    expect(existsSync(stored(lastPath))).toBe(false);
  });

  it('an upload with a forbidden type, too large, without its option or for an unknown option changes nothing', async () => {
    const c = await company();
    const list = await c.create({ name: 'Catálogo', message: 'Segue', options: [{ name: 'Capa' }, { name: 'Contrato' }] });
    const other = await c.create({ name: 'Outra', message: 'x', options: [{ name: 'Alheia' }] });
    const [cover, contract] = list.options;
    const before = await c.rowsOf();
    const refusals: [Part[], number, string][] = [
      // one bad file among good ones refuses the whole call
      [[{ data: png, name: 'capa.png', optionId: cover.id }, { data: html, name: 'contrato.pdf', optionId: contract.id }], 400, 'ERR_INVALID_FILE'],
      [[{ data: Buffer.alloc(FILE_LIST_FILE_MAX_BYTES + 1, 1), name: 'grande.pdf', optionId: cover.id }], 413, 'ERR_FILE_TOO_LARGE'],
      [[{ data: png, name: 'capa.png' }], 400, 'ERR_VALIDATION'],
      [[{ data: png, name: 'capa.png', optionId: other.options[0].id }], 400, 'ERR_VALIDATION'],
      [[{ data: png, name: 'capa.png', optionId: cover.id }, { data: png, name: 'de-novo.png', optionId: cover.id }], 400, 'ERR_VALIDATION'],
      [[], 400, 'ERR_INVALID_FILE'],
    ];
    for (const [parts, status, error] of refusals) {
      expect(await c.upload(list.id, parts), JSON.stringify(parts.map((part) => part.name))).toMatchObject({ status, body: { error } });
    }
    expect(await c.rowsOf()).toEqual(before);
    expect(existsSync(join(t.config.dataDir, 'public', `company${c.a.company.id}`, 'filelists'))).toBe(false);
  });

  it("another company's file list is not found and stays as it was", async () => {
    const c = await company();
    const other = await company();
    const theirs = await other.create({ name: 'Deles', message: 'x', options: [{ name: 'Capa' }] });
    expect((await t.request('GET', `/files/${theirs.id}`, { token: c.token })).status).toBe(404);
    expect((await t.request('PUT', `/files/${theirs.id}`, { token: c.token, body: { name: 'Nossa' } })).status).toBe(404);
    expect((await t.request('DELETE', `/files/${theirs.id}`, { token: c.token })).status).toBe(404);
    expect((await c.upload(theirs.id, [{ data: png, name: 'x.png', optionId: theirs.options[0].id }])).status).toBe(404);
    expect((await t.request('GET', '/files/', { token: c.token })).body).toMatchObject({ files: [], count: 0 });
    expect(await other.rowsOf()).toMatchObject({ lists: [{ name: 'Deles' }], options: [{ name: 'Capa', path: null }] });
  });

  it('profile user is blocked from file lists (02-operations §6)', async () => {
    const c = await company();
    const agent = await c.a.attendant([c.a.queues[0].id]);
    expect((await t.request('GET', '/files/', { token: agent.session.token })).status).toBe(403);
    expect((await t.request('POST', '/files', { token: agent.session.token, body: { name: 'Lista', message: 'x' } })).status).toBe(403);
  });

  it('a file list named by a queue or a bot option is not deleted: ERR_FILE_LIST_IN_USE (docs/decisions.md)', async () => {
    const c = await company();
    const list = await c.create({ name: 'Catálogo', message: 'Segue' });
    const queueId = c.a.queues[0].id;
    expect((await t.request('PUT', `/queue/${queueId}`, { token: c.token, body: { fileListId: list.id } })).body.fileListId).toBe(list.id);
    expect(await t.request('DELETE', `/files/${list.id}`, { token: c.token })).toMatchObject({ status: 409, body: { error: 'ERR_FILE_LIST_IN_USE' } });
    await t.request('PUT', `/queue/${queueId}`, { token: c.token, body: { fileListId: null } });
    const option = await t.request('POST', '/chatbot', { token: c.token, body: { queueId, name: 'Arquivos', queueType: 'file', optFileId: list.id } });
    expect(option).toMatchObject({ status: 201, body: { optFileId: list.id } });
    expect(await t.request('DELETE', `/files/${list.id}`, { token: c.token })).toMatchObject({ status: 409, body: { error: 'ERR_FILE_LIST_IN_USE' } });
    expect((await t.request('GET', `/files/${list.id}`, { token: c.token })).status).toBe(200);
    await t.request('DELETE', `/chatbot/${option.body.id}`, { token: c.token });
    expect((await t.request('DELETE', `/files/${list.id}`, { token: c.token })).status).toBe(204);

    // the rule does not stand in the way of deleting the whole company (03-saas §7 DELETE /companies/{id})
    const doomed = await company();
    const used = await doomed.create({ name: 'Em uso', message: 'x' });
    await t.request('PUT', `/queue/${doomed.a.queues[0].id}`, { token: doomed.token, body: { fileListId: used.id } });
    const superSession = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    expect((await t.request('DELETE', `/companies/${doomed.a.company.id}`, { token: superSession.token })).status).toBe(204);
    expect(await doomed.rowsOf()).toEqual({ lists: [], options: [] });
  });

  it('a queue and a bot option take only their own company\'s file list and integration (02-operations §3 Queue, Chatbot option)', async () => {
    const c = await company();
    const other = await company();
    const ours = await c.create({ name: 'Nossa', message: 'x' });
    const theirs = await other.create({ name: 'Deles', message: 'x' });
    const integration = await t.request('POST', '/queueIntegration', { token: c.token, body: { type: 'webhook', name: 'Hook', urlN8N: 'https://hooks.example' } });
    const theirIntegration = await t.request('POST', '/queueIntegration', { token: other.token, body: { type: 'webhook', name: 'Hook', urlN8N: 'https://hooks.example' } });
    const queueId = c.a.queues[0].id;

    for (const [body, path] of [
      [{ fileListId: theirs.id }, 'body.fileListId'],
      [{ integrationId: theirIntegration.body.id }, 'body.integrationId'],
      [{ fileListId: 2_000_000 }, 'body.fileListId'],
    ] as const) {
      expect(await t.request('PUT', `/queue/${queueId}`, { token: c.token, body }), JSON.stringify(body)).toMatchObject({ status: 400, body: { fields: [{ path }] } });
    }
    expect(await t.request('POST', '/queue', { token: c.token, body: { name: 'Nova', color: '#123456', fileListId: theirs.id } })).toMatchObject({ status: 400 });
    expect(await t.request('POST', '/chatbot', { token: c.token, body: { queueId, name: 'Arquivos', queueType: 'file', optFileId: theirs.id } })).toMatchObject({
      status: 400,
      body: { fields: [{ path: 'body.optFileId' }] },
    });
    expect((await t.request('GET', `/queue/${queueId}`, { token: c.token })).body).toMatchObject({ fileListId: null, integrationId: null, chatbots: [] });

    const saved = await t.request('PUT', `/queue/${queueId}`, { token: c.token, body: { fileListId: ours.id, integrationId: integration.body.id } });
    expect(saved).toMatchObject({ status: 200, body: { fileListId: ours.id, integrationId: integration.body.id } });
    expect((await t.request('PUT', `/queue/${queueId}`, { token: c.token, body: { fileListId: null, integrationId: null } })).body).toMatchObject({ fileListId: null, integrationId: null });
  });

  it('live: company-{id}-file upserts on create and update, removes on delete (02-operations §4, §7)', async () => {
    const c = await company();
    const socket = await connectSocket(t, c.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const list = await c.create({ name: 'Catálogo', message: 'Segue', options: [{ name: 'Capa' }] });
    await t.request('PUT', `/files/${list.id}`, { token: c.token, body: { name: 'Catálogo 2' } });
    await c.upload(list.id, [{ data: png, name: 'capa.png', optionId: list.options[0].id }]);
    await t.request('DELETE', `/files/${list.id}`, { token: c.token });
    await awaitMarker(t, { socket, token: c.token, user: c.a.admin });
    expect(seen.filter((event) => event.channel === `company-${c.a.company.id}-file`).map((event) => event.payload)).toEqual([
      { action: 'create', fileList: expect.objectContaining({ id: list.id, name: 'Catálogo' }) },
      { action: 'update', fileList: expect.objectContaining({ id: list.id, name: 'Catálogo 2' }) },
      { action: 'update', fileList: expect.objectContaining({ options: [expect.objectContaining({ mediaType: 'image' })] }) },
      { action: 'delete', fileId: list.id },
    ]);
  });
});
