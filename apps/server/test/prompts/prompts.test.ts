import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HUMAN_HANDOFF_MARKER } from '@atende/shared/prompts';
import { messages, plans, prompts, tickets } from '../../src/db/schema.ts';
import { promptReplyJob } from '../../src/modules/prompts/prompt-reply.jobs.ts';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, recordEvents, sandboxOutbox, setupAttendance, ticketMessages } from '../helpers/attendance.ts';
import { FAKE_OGG, startFakeAzureSpeech, startFakeOpenAi } from '../helpers/fake-ai.ts';
import { dueRetriesNow, jobsOfKind } from '../helpers/jobs.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let ai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let speech: Awaited<ReturnType<typeof startFakeAzureSpeech>>;
const sockets: Socket[] = [];
beforeAll(async () => {
  ai = await startFakeOpenAi();
  speech = await startFakeAzureSpeech();
  t = await startTestApp({
    ai: { baseUrl: ai.baseUrl, model: 'gpt-test', transcriptionModel: 'whisper-test', timeoutMs: 5000, speechUrl: speech.url },
  });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
  await speech?.close();
});

const API_KEY = 'sk-test-company-key-0123456789';
const LONG_PROMPT = 'Você é a assistente da loja. Responda com educação e poucas palavras, sempre em português.';

const adminOf = async (planFlags: NonNullable<Parameters<typeof createCompany>[1]>['planFlags'] = {}) => {
  const tenant = await createCompany(t.db, { planFlags });
  const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
  const queue = await createQueue(t.db, tenant.company.id, 'Vendas');
  return { ...tenant, token, queue };
};

const rawPrompt = async (id: number) => (await t.db.select().from(prompts).where(eq(prompts.id, id)))[0];
const rawTicket = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0];

describe('prompts (02-operations §3 Prompt, §7 Prompts, §9)', () => {
  it('creates with the §9 defaults, lists with the queue, updates and deletes; the keys are stored encrypted and never answered', async () => {
    const s = await adminOf();
    const socket = await connectSocket(t, s.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const created = await t.request('POST', '/prompt', { token: s.token, body: { name: 'Talk', prompt: LONG_PROMPT, apiKey: API_KEY, queueId: s.queue.id } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Talk', maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto', queueId: s.queue.id, queue: { name: 'Vendas' } });
    expect(JSON.stringify(created.body)).not.toContain(API_KEY);
    expect(created.body).not.toHaveProperty('apiKey');
    const row = await rawPrompt(created.body.id);
    expect(row.apiKey).not.toContain(API_KEY);
    expect(row.apiKey).toMatch(/^v1\./);
    await expect.poll(() => seen.find((event) => event.channel === `company-${s.company.id}-prompt`)?.payload).toMatchObject({ action: 'create', prompt: { id: created.body.id } });

    const list = await t.request('GET', '/prompt', { token: s.token });
    expect(list.body).toEqual({ prompts: [created.body] });
    expect(JSON.stringify(list.body)).not.toContain(API_KEY);

    const updated = await t.request('PUT', `/prompt/${created.body.id}`, { token: s.token, body: { maxTokens: '250', temperature: 0.3, apiKey: '' } });
    expect(updated.body).toMatchObject({ maxTokens: 250, temperature: 0.3, name: 'Talk' });
    expect((await rawPrompt(created.body.id)).apiKey).toBe(row.apiKey);
    await t.request('PUT', `/prompt/${created.body.id}`, { token: s.token, body: { apiKey: 'sk-new-key-abcdefghijklmnop' } });
    expect((await rawPrompt(created.body.id)).apiKey).not.toBe(row.apiKey);
    expect((await t.request('GET', `/prompt/${created.body.id}`, { token: s.token })).body).toMatchObject({ maxTokens: 250 });

    expect(await t.request('DELETE', `/prompt/${created.body.id}`, { token: s.token })).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect((await t.request('GET', `/prompt/${created.body.id}`, { token: s.token })).status).toBe(404);
    await expect.poll(() => seen.some((event) => JSON.stringify(event.payload) === JSON.stringify({ action: 'delete', promptId: created.body.id }))).toBe(true);
  });

  it("refuses a prompt without a queue ('Informe o setor'), without an apiKey, with a voice but no voice key, or another company's queue; nothing stored", async () => {
    const s = await adminOf();
    const other = await adminOf();
    const post = (body: Record<string, unknown>) => t.request('POST', '/prompt', { token: s.token, body: { name: 'Talk', prompt: LONG_PROMPT, apiKey: API_KEY, ...body } });
    expect((await post({})).body.fields).toEqual([{ path: 'body.queueId', message: 'prompts.queueRequired' }]);
    expect((await post({ queueId: '' })).body.fields).toEqual([{ path: 'body.queueId', message: 'prompts.queueRequired' }]);
    expect((await post({ queueId: s.queue.id, apiKey: '' })).body.fields).toEqual([{ path: 'body.apiKey', message: 'validation.required' }]);
    expect((await post({ queueId: s.queue.id, voice: 'pt-BR-FranciscaNeural' })).body.fields).toEqual([{ path: 'body.voiceKey', message: 'validation.required' }]);
    expect((await post({ queueId: s.queue.id, voice: 'robot' })).status).toBe(400);
    expect((await post({ queueId: s.queue.id, temperature: 3 })).status).toBe(400);
    expect((await post({ queueId: other.queue.id })).body.fields).toEqual([{ path: 'body.queueId', message: 'prompts.queueRequired' }]);
    expect((await t.request('GET', '/prompt', { token: s.token })).body).toEqual({ prompts: [] });
  });

  it("another company's prompt is not found; profile users and plans without useOpenAi get 403", async () => {
    const s = await adminOf();
    const other = await adminOf();
    const theirs = await t.request('POST', '/prompt', { token: other.token, body: { name: 'Theirs', prompt: LONG_PROMPT, apiKey: API_KEY, queueId: other.queue.id } });
    expect((await t.request('GET', `/prompt/${theirs.body.id}`, { token: s.token })).status).toBe(404);
    expect((await t.request('PUT', `/prompt/${theirs.body.id}`, { token: s.token, body: { name: 'Mine' } })).status).toBe(404);
    expect((await t.request('DELETE', `/prompt/${theirs.body.id}`, { token: s.token })).status).toBe(404);
    expect((await rawPrompt(theirs.body.id)).name).toBe('Theirs');

    const plain = await createUser(t.db, s.company.id);
    const plainToken = (await t.login(plain.email, TEST_PASSWORD)).token;
    expect((await t.request('GET', '/prompt', { token: plainToken })).status).toBe(403);
    const noPlan = await adminOf({ useOpenAi: false });
    expect(await t.request('GET', '/prompt', { token: noPlan.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await t.request('POST', '/prompt', { token: noPlan.token, body: { name: 'x', prompt: LONG_PROMPT, apiKey: API_KEY, queueId: noPlan.queue.id } })).status).toBe(403);
  });
});

const conversation = async (promptBody: Record<string, unknown> = {}) => {
  const a = await setupAttendance(t);
  const token = a.adminSession.token;
  const prompt = await t.request('POST', '/prompt', {
    token,
    body: { name: 'Talk', prompt: LONG_PROMPT, apiKey: API_KEY, queueId: a.queues[0].id, maxMessages: 3, maxTokens: 120, temperature: 0.5, ...promptBody },
  });
  if (prompt.status !== 201) throw new Error(JSON.stringify(prompt.body));
  await t.request('PUT', `/whatsapp/${a.connection.id}`, { token, body: { promptId: prompt.body.id } });
  const history = (ticketId: number) => ticketMessages(t, ticketId);
  const outbox = (ticketId: number) => sandboxOutbox(t, token, a.connection.id, ticketId);
  return { ...a, token, prompt: prompt.body as { id: number }, history, outbox };
};

describe('an AI prompt answers customers (02-operations §3 Prompt, docs/ai-integrations.md)', () => {
  it("a connection's prompt answers in a job with the last maxMessages messages, maxTokens, temperature and the company's key; the answer goes out through the channel", async () => {
    const c = await conversation();
    ai.answer({ text: 'Olá! Em que posso ajudar?' }, { text: 'Temos sim, a partir de R$ 10.' });
    const first = await c.inbound('5511911110001', 'Oi');
    await expect.poll(() => c.outbox(first.ticketId).then((sent) => sent.map((m) => m.body))).toEqual(['Olá! Em que posso ajudar?']);
    const chat = ai.chats.at(-1);
    expect(chat?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(chat?.body).toMatchObject({ model: 'gpt-test', max_tokens: 120, temperature: 0.5 });
    expect(chat?.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining(LONG_PROMPT) });
    expect(chat?.body.messages[0].content).toContain(HUMAN_HANDOFF_MARKER);

    await c.inbound('5511911110001', 'Vocês têm camisetas?');
    await expect.poll(() => c.outbox(first.ticketId).then((sent) => sent.length)).toBe(2);
    // system + the last 3 messages of the ticket
    expect(ai.chats.at(-1)?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá! Em que posso ajudar?' },
      { role: 'user', content: 'Vocês têm camisetas?' },
    ]);
    const ticket = await rawTicket(first.ticketId);
    expect(ticket).toMatchObject({ promptId: c.prompt.id, userId: null, status: 'pending' });
  });

  it('a reply with the hand-off marker sends its text and gives the ticket to the queue; the prompt answers no more', async () => {
    const c = await conversation();
    ai.answer({ text: `Vou chamar um atendente. ${HUMAN_HANDOFF_MARKER}` });
    const first = await c.inbound('5511911110002', 'Quero falar com uma pessoa');
    await expect.poll(() => rawTicket(first.ticketId).then((ticket) => ticket.promptId)).toBeNull();
    expect(await rawTicket(first.ticketId)).toMatchObject({ queueId: c.queues[0].id, userId: null });
    expect((await c.history(first.ticketId)).filter((m) => m.fromMe).map((m) => m.body)).toEqual(['Vou chamar um atendente.']);
    expect(await c.logTypes(first.ticketId)).toContain('queue');
    const before = (await jobsOfKind(t.db, promptReplyJob.name)).length;
    await c.inbound('5511911110002', 'Alô?');
    // the flow enqueues a reply in the message's own transaction: none was added
    expect((await jobsOfKind(t.db, promptReplyJob.name)).length).toBe(before);
  });

  it('a plan that loses useOpenAi stops the prompt answering: the next message goes to the queue and the AI is not asked (03-saas §3)', async () => {
    const c = await conversation();
    ai.answer({ text: 'Olá! Em que posso ajudar?' });
    const first = await c.inbound('5511911110009', 'Oi');
    await expect.poll(() => c.outbox(first.ticketId).then((sent) => sent.length)).toBe(1);
    const asked = ai.chats.length;

    await t.db.update(plans).set({ useOpenAi: false }).where(eq(plans.id, c.company.planId ?? 0));
    await c.inbound('5511911110009', 'Vocês têm camisetas?');
    await expect.poll(() => rawTicket(first.ticketId).then((ticket) => ticket.promptId)).toBeNull();
    expect(ai.chats.length).toBe(asked);
    expect(await c.logTypes(first.ticketId)).toContain('queue');
    expect((await c.outbox(first.ticketId)).length).toBe(1);
  });

  it('a queue with a prompt answers once the bot lands the ticket there', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    await t.request('PUT', `/whatsapp/${a.connection.id}`, { token, body: { queueIds: [a.queues[0].id] } });
    await t.request('POST', '/prompt', { token, body: { name: 'Fila', prompt: LONG_PROMPT, apiKey: API_KEY, queueId: a.queues[0].id } });
    ai.answer({ text: 'Sou a assistente da fila.' });
    const first = await a.inbound('5511911110003', 'Bom dia');
    await expect.poll(async () => (await rawTicket(first.ticketId)).promptId).not.toBeNull();
    await expect.poll(async () =>
      ((await t.request('GET', `/messages/${first.ticketId}`, { token })).body.messages as { body: string; fromMe: boolean }[]).some((m) => m.body === 'Sou a assistente da fila.'),
    ).toBe(true);
  });

  it('with a voice the answer is a voice note from Azure Speech, with the voice and its key', async () => {
    const c = await conversation({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key-123', voiceRegion: 'brazilsouth' });
    expect((await rawPrompt(c.prompt.id)).voiceKey).not.toContain('azure-key-123');
    ai.answer({ text: 'Resposta <falada> & clara' });
    const first = await c.inbound('5511911110004', 'Oi');
    await expect.poll(() => c.outbox(first.ticketId).then((sent) => sent.length)).toBe(1);
    const call = speech.calls.at(-1);
    expect(call?.key).toBe('azure-key-123');
    expect(call?.format).toContain('opus');
    expect(call?.ssml).toContain('name="pt-BR-FranciscaNeural"');
    expect(call?.ssml).toContain('Resposta &lt;falada&gt; &amp; clara');
    const [reply] = (await c.history(first.ticketId)).filter((m) => m.fromMe);
    expect(reply.mediaType).toBe('audio');
    const stored = (await t.db.select().from(messages).where(eq(messages.ticketId, first.ticketId))).find((m) => m.fromMe);
    const file = await fetch(`${t.url}${stored?.mediaUrl}`);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(FAKE_OGG);
  });

  it('an AI that answers 429, 500 or garbage is retried, then the ticket goes to the queue with a private note; keys never in the note', async () => {
    const c = await conversation();
    ai.answer({ status: 429 }, { status: 500 }, { garbage: true }, { status: 503 });
    const first = await c.inbound('5511911110005', 'Oi');
    await expect.poll(async () => {
      await dueRetriesNow(t.db, promptReplyJob.name);
      await t.app.jobs.runDue();
      return (await rawTicket(first.ticketId)).promptId;
      // a busy machine needs time for four attempts; nothing here asserts how fast they are
    }, { timeout: 20_000 }).toBeNull();
    expect(await rawTicket(first.ticketId)).toMatchObject({ queueId: c.queues[0].id });
    const notes = (await c.history(first.ticketId)).filter((m) => m.fromMe);
    expect(notes).toEqual([{ fromMe: true, isPrivate: true, mediaType: 'chat', body: expect.stringContaining('HTTP 503') }]);
    expect(JSON.stringify(notes)).not.toContain(API_KEY);
    expect(await c.outbox(first.ticketId)).toEqual([]);
  });

  it('a refused key (401) is not retried: the attendants take the ticket at once', async () => {
    const c = await conversation();
    ai.answer({ status: 401 });
    const first = await c.inbound('5511911110006', 'Oi');
    await expect.poll(async () => (await rawTicket(first.ticketId)).promptId, { timeout: 20_000 }).toBeNull();
    expect((await c.history(first.ticketId)).filter((m) => m.fromMe).map((m) => m.body)).toEqual([expect.stringContaining('HTTP 401')]);
    expect((await jobsOfKind(t.db, promptReplyJob.name)).filter((job) => job.payload.ticketId === first.ticketId).map((job) => job.attempts)).toEqual([1]);
  });
});
