import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbots, connections, messages, plans, queues, tickets } from '../../src/db/schema.ts';
import { integrationReplyJob } from '../../src/modules/integration-replies/integration-reply.jobs.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { makeServiceAccount, startFakeDialogflow, startFakeTypebot, startFakeWebhook } from '../helpers/fake-integrations.ts';
import { eventually, integrationConversation, runIntegrationRetriesUntil } from '../helpers/integration-conversation.ts';
import { jobsOfKind } from '../helpers/jobs.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let typebot: Awaited<ReturnType<typeof startFakeTypebot>>;
let hook: Awaited<ReturnType<typeof startFakeWebhook>>;
let dialogflow: Awaited<ReturnType<typeof startFakeDialogflow>>;
const account = makeServiceAccount('atende-agent');
const TIMEOUT_MS = 400;

beforeAll(async () => {
  typebot = await startFakeTypebot();
  hook = await startFakeWebhook();
  dialogflow = await startFakeDialogflow(account.publicKey);
  t = await startTestApp({ integrations: { dialogflowUrl: dialogflow.url, timeoutMs: TIMEOUT_MS } });
});
afterAll(async () => {
  await t?.close();
  await typebot?.close();
  await hook?.close();
  await dialogflow?.close();
});

const SLOW = 120_000;

const rawTicket = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0];

const conversation = (integration: Record<string, unknown>, attach: 'connection' | 'queue' = 'connection') => integrationConversation(t, integration, attach);
const runRetriesUntil = (done: () => Promise<boolean>) => runIntegrationRetriesUntil(t, done);

const TYPEBOT = {
  type: 'typebot',
  name: 'Typebot',
  typebotSlug: 'atende-bot',
  typebotExpires: 10,
  typebotDelayMessage: 0,
  typebotKeywordFinish: 'sair',
  typebotKeywordRestart: 'reiniciar',
  typebotRestartMessage: 'Vamos recomeçar.',
  typebotUnknownMessage: 'Não entendi, escolha uma das opções.',
};

describe('typebot (02-operations §3 Queue integration, §5; docs/ai-integrations.md)', () => {
  it('a sandbox conversation with a typebot flow: texts, an image and choices relayed, the unknown message, a restart and a finish', async () => {
    const c = await conversation({ ...TYPEBOT, urlN8N: typebot.url });
    const from = '5511922220001';
    const first = await c.inbound(from, 'Oi');
    const welcome = ['Olá, **Customer 0001**! Eu sou o bot.', '', '*1* - Vendas\n*2* - Suporte'];
    await eventually(async () => (await c.said(first.ticketId)).map((m) => m.body)).toEqual(welcome);
    expect((await c.said(first.ticketId)).map((m) => m.mediaType)).toEqual(['chat', 'image', 'chat']);
    await eventually(async () => (await c.outbox(first.ticketId)).length).toBe(3);
    const image = (await t.db.select().from(messages).where(eq(messages.ticketId, first.ticketId))).find((m) => m.mediaType === 'image');
    expect(Buffer.from(await (await fetch(`${t.url}${image?.mediaUrl}`)).arrayBuffer())).toEqual(typebot.logo);
    const start = typebot.calls.find((call) => call.path.endsWith('/startChat'));
    expect(start?.body).toMatchObject({ textBubbleContentFormat: 'markdown', prefilledVariables: { number: from, name: 'Customer 0001' } });
    // the turn's session is written after its last message
    await eventually(async () => await rawTicket(first.ticketId)).toMatchObject({
      useIntegration: true,
      integrationId: c.integrationId,
      integrationSession: { sessionId: expect.any(String), choices: ['Vendas', 'Suporte'] },
    });

    // not one of the choices: the unknown message, and the typebot is not asked
    const callsBefore = typebot.calls.length;
    await c.inbound(from, 'banana');
    await eventually(async () => (await c.said(first.ticketId)).at(-1)?.body).toBe('Não entendi, escolha uma das opções.');
    expect(typebot.calls.length).toBe(callsBefore);

    await c.inbound(from, '1');
    await eventually(async () => (await c.said(first.ticketId)).at(-1)?.body).toBe('Você escolheu Vendas. Qual é o seu nome?');
    expect(typebot.calls.at(-1)?.body).toMatchObject({ message: { type: 'text', text: 'Vendas' } });

    // the restart keyword: its message, then the flow from the start in a new session
    const sessionBefore = (await rawTicket(first.ticketId)).integrationSession?.sessionId;
    await c.inbound(from, 'Reiniciar');
    await eventually(async () => (await c.said(first.ticketId)).slice(-4).map((m) => m.body)).toEqual(['Vamos recomeçar.', ...welcome]);
    // the turn's session is written after its last message
    await eventually(async () => (await rawTicket(first.ticketId)).integrationSession?.sessionId).not.toBe(sessionBefore);

    await c.inbound(from, 'suporte');
    await eventually(async () => (await c.said(first.ticketId)).at(-1)?.body).toBe('Você escolheu Suporte. Qual é o seu nome?');
    await c.inbound(from, 'Ana');
    await eventually(async () => (await c.said(first.ticketId)).at(-1)?.body).toBe('Obrigado, Ana!');
    // the flow ended: its session is forgotten
    await eventually(async () => (await rawTicket(first.ticketId)).integrationSession).toBeNull();

    // the finish keyword gives the ticket to the attendants; the integration answers no more
    await c.inbound(from, 'SAIR');
    await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
    expect(await c.logTypes(first.ticketId)).toContain('queue');
    const jobs = (await jobsOfKind(t.db, integrationReplyJob.name)).length;
    await c.inbound(from, 'Alô?');
    expect((await jobsOfKind(t.db, integrationReplyJob.name)).length).toBe(jobs);
  }, SLOW);

  it('a plan that loses useIntegrations stops the typebot answering: the next message goes to the attendants and the typebot is not asked (03-saas §3)', async () => {
    const c = await conversation({ ...TYPEBOT, urlN8N: typebot.url });
    const from = '5511922220009';
    const first = await c.inbound(from, 'Oi');
    await eventually(async () => (await c.said(first.ticketId)).length).toBe(3);
    await eventually(async () => (await rawTicket(first.ticketId)).integrationSession).not.toBeNull();

    await t.db.update(plans).set({ useIntegrations: false }).where(eq(plans.id, c.company.planId ?? 0));
    const callsBefore = typebot.calls.length;
    await c.inbound(from, '1');
    await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
    expect(typebot.calls.length).toBe(callsBefore);
    expect((await c.said(first.ticketId)).length).toBe(3);
    expect(await c.logTypes(first.ticketId)).toContain('queue');
  }, SLOW);

  it('spaces the messages by typebotDelayMessage, and a session past typebotExpires minutes starts the flow again', async () => {
    const c = await conversation({ ...TYPEBOT, urlN8N: typebot.url, typebotDelayMessage: 300, typebotExpires: 1 });
    const from = '5511922220002';
    const first = await c.inbound(from, 'Oi');
    await eventually(async () => (await c.said(first.ticketId)).length).toBe(3);
    const sent = (await t.db.select().from(messages).where(eq(messages.ticketId, first.ticketId)).orderBy(messages.id)).filter((m) => m.fromMe);
    for (let i = 1; i < sent.length; i++) expect(sent[i].createdAt.getTime() - sent[i - 1].createdAt.getTime()).toBeGreaterThanOrEqual(300);

    // the session is written after the turn's last message
    await eventually(async () => (await rawTicket(first.ticketId)).integrationSession).not.toBeNull();
    const session = (await rawTicket(first.ticketId)).integrationSession;
    if (!session) throw new Error('no typebot session');
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    await t.db.update(tickets).set({ integrationSession: { ...session, lastActivityAt: twoMinutesAgo } }).where(eq(tickets.id, first.ticketId));
    const starts = typebot.calls.filter((call) => call.path.endsWith('/startChat')).length;
    await c.inbound(from, '1');
    await eventually(async () => (await c.said(first.ticketId)).length).toBe(6);
    expect(typebot.calls.filter((call) => call.path.endsWith('/startChat')).length).toBe(starts + 1);
    await eventually(async () => (await rawTicket(first.ticketId)).integrationSession?.sessionId).not.toBe(session.sessionId);
  }, SLOW);

  it('a queue with a typebot takes the ticket the bot lands there; a typebot that answers 503 then garbage is retried, then the attendants take over with a note', async () => {
    const c = await conversation({ ...TYPEBOT, urlN8N: typebot.url }, 'queue');
    typebot.fail({ status: 503 }, { garbage: true }, { status: 429 }, { garbage: true });
    const first = await c.inbound('5511922220003', 'Oi');
    await runRetriesUntil(async () => (await rawTicket(first.ticketId)).useIntegration === false);
    expect(await rawTicket(first.ticketId)).toMatchObject({ queueId: c.queues[0].id, integrationId: c.integrationId, userId: null });
    const notes = (await c.said(first.ticketId)).filter((m) => m.isPrivate);
    expect(notes).toEqual([{ fromMe: true, isPrivate: true, mediaType: 'chat', body: 'A integração Typebot não respondeu (invalid answer); o ticket foi passado aos atendentes do setor.' }]);
    expect((await jobsOfKind(t.db, integrationReplyJob.name)).filter((job) => job.payload.ticketId === first.ticketId).map((job) => job.attempts)).toEqual([4]);
  }, SLOW);
});

const hmacOf = (key: string, timestamp: string, raw: string) => `sha256=${createHmac('sha256', key).update(`${timestamp}.${raw}`).digest('hex')}`;

describe('n8n and webhook (02-operations §3 Queue integration; docs/ai-integrations.md)', () => {
  it('POSTs the versioned message event signed with the connection token; the answer is sent and can hand over', async () => {
    const c = await conversation({ type: 'webhook', name: 'Webhook', urlN8N: hook.url });
    hook.answer({ answer: { messages: [{ body: 'Recebemos a sua mensagem.' }, { body: 'Já vamos responder.' }] } });
    const from = '5511933330001';
    const first = await c.inbound(from, 'Quero um orçamento');
    await eventually(async () => (await c.said(first.ticketId)).map((m) => m.body)).toEqual(['Recebemos a sua mensagem.', 'Já vamos responder.']);
    await eventually(async () => (await c.outbox(first.ticketId)).length).toBe(2);

    const call = hook.calls.at(-1);
    if (!call) throw new Error('the webhook was not called');
    expect(call.body).toMatchObject({
      version: 1,
      event: 'message.received',
      integration: { id: c.integrationId, type: 'webhook', name: 'Webhook' },
      company: { id: c.company.id, name: c.company.name },
      ticket: { id: first.ticketId, status: 'pending', connectionId: c.connection.id },
      contact: { number: from, name: 'Customer 0001' },
      message: { id: first.messageId, body: 'Quero um orçamento', mediaType: 'chat' },
    });
    const [connection] = await t.db.select().from(connections).where(eq(connections.id, c.connection.id));
    const timestamp = String(call.headers['x-atende-timestamp']);
    expect(call.headers['x-atende-signature']).toBe(hmacOf(connection.token, timestamp, call.raw));
    expect(call.headers['x-atende-event']).toBe('message.received');

    hook.answer({ answer: { messages: [{ body: 'Vou chamar um atendente.' }], handOff: true } });
    await c.inbound(from, 'Pode me ligar?');
    await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
    expect((await c.said(first.ticketId)).at(-1)?.body).toBe('Vou chamar um atendente.');
    expect(await c.logTypes(first.ticketId)).toContain('queue');
  }, SLOW);

  it('an n8n server that answers 500 and 429 is retried by the job runner, then its answer is sent once', async () => {
    const c = await conversation({ type: 'n8n', name: 'N8N', urlN8N: hook.url });
    hook.answer({ status: 500 }, { status: 429 }, { answer: { messages: [{ body: 'Resposta do n8n.' }] } });
    const before = hook.calls.length;
    const first = await c.inbound('5511933330002', 'Oi');
    await runRetriesUntil(async () => (await c.said(first.ticketId)).length === 1);
    expect((await c.said(first.ticketId)).map((m) => m.body)).toEqual(['Resposta do n8n.']);
    const calls = hook.calls.slice(before);
    expect(calls.length).toBe(3);
    // the same event each time
    expect(new Set(calls.map((call) => (call.body.message as { id: number }).id))).toEqual(new Set([first.messageId]));
    expect(await rawTicket(first.ticketId)).toMatchObject({ useIntegration: true });
  }, SLOW);

  it("n8n's default answer sends nothing; a server that never answers times out, is retried, then the attendants take over with a note", async () => {
    const c = await conversation({ type: 'n8n', name: 'N8N lento', urlN8N: hook.url });
    const first = await c.inbound('5511933330003', 'Oi');
    await eventually(async () => (await jobsOfKind(t.db, integrationReplyJob.name)).find((job) => job.payload.ticketId === first.ticketId)?.state).toBe('completed');
    expect(await c.said(first.ticketId)).toEqual([]);

    hook.answer({ hang: true }, { hang: true }, { hang: true }, { hang: true });
    await c.inbound('5511933330003', 'Alguém aí?');
    await runRetriesUntil(async () => (await rawTicket(first.ticketId)).useIntegration === false);
    expect((await c.said(first.ticketId)).map((m) => m.body)).toEqual(['A integração N8N lento não respondeu (timeout); o ticket foi passado aos atendentes do setor.']);
    expect(await c.outbox(first.ticketId)).toEqual([]);
  }, SLOW);

  it('a refusal (401) is not retried: the note names only the status', async () => {
    const c = await conversation({ type: 'webhook', name: 'Recusa', urlN8N: hook.url });
    hook.answer({ status: 401 });
    const first = await c.inbound('5511933330004', 'Oi');
    await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
    expect((await c.said(first.ticketId)).map((m) => m.body)).toEqual([expect.stringContaining('(HTTP 401)')]);
    expect((await jobsOfKind(t.db, integrationReplyJob.name)).filter((job) => job.payload.ticketId === first.ticketId).map((job) => job.attempts)).toEqual([1]);
  }, SLOW);
});

const DIALOGFLOW = { type: 'dialogflow', name: 'Agente', projectName: 'atende-agent', language: 'pt-BR', jsonContent: account.json };

describe('dialogflow (02-operations §3 Queue integration, §7 POST /queueIntegration/testSession)', () => {
  it('a chatbot option of type integration hands the conversation to Dialogflow: intents answered with the service account, an ending intent hands over', async () => {
    const c = await conversation(DIALOGFLOW, 'queue');
    expect(JSON.stringify(c.integration)).not.toContain('PRIVATE KEY');
    // the queue's own integration is left aside: its option chooses this one
    await t.db.update(queues).set({ integrationId: null, greetingMessage: 'Escolha:' }).where(eq(queues.id, c.queues[0].id));
    await t.db.insert(chatbots).values([
      { companyId: c.company.id, queueId: c.queues[0].id, name: 'Assistente virtual', greetingMessage: 'Conectando ao assistente.', queueType: 'integration', optIntegrationId: c.integrationId },
      { companyId: c.company.id, queueId: c.queues[0].id, name: 'Falar com o financeiro', queueType: 'text', greetingMessage: 'Um momento.' },
    ]);
    const from = '5511944440001';
    const first = await c.inbound(from, 'Oi');
    await eventually(async () => (await c.said(first.ticketId)).length).toBe(1);
    dialogflow.answer({ text: 'Olá! Sou o agente.', intent: 'Default Welcome Intent' });
    await c.inbound(from, '1');
    await eventually(async () => (await c.said(first.ticketId)).map((m) => m.body).slice(1)).toEqual(['Conectando ao assistente.', 'Olá! Sou o agente.']);
    const ticket = await rawTicket(first.ticketId);
    const call = dialogflow.calls.at(-1);
    expect(call?.path).toBe(`/v2/projects/atende-agent/agent/sessions/${ticket.uuid}:detectIntent`);
    expect(call?.claims).toMatchObject({ iss: 'bot@atende-agent.iam.gserviceaccount.com', aud: 'https://dialogflow.googleapis.com/' });
    expect(call?.body.queryInput.text).toEqual({ text: '1', languageCode: 'pt-BR' });

    dialogflow.answer({ text: 'Vou te transferir.', intent: 'Atendente', endInteraction: true });
    await c.inbound(from, 'quero um atendente');
    await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
    expect((await c.said(first.ticketId)).at(-1)?.body).toBe('Vou te transferir.');
    expect(dialogflow.calls.at(-1)?.body.queryInput.text.text).toBe('quero um atendente');
    expect(await rawTicket(first.ticketId)).toMatchObject({ queueId: c.queues[0].id, userId: null });
  }, SLOW);

  it('a service account Dialogflow refuses is not retried; the note never quotes the key', async () => {
    const stranger = makeServiceAccount('atende-agent');
    const c = await conversation({ ...DIALOGFLOW, name: 'Agente recusado', jsonContent: stranger.json });
    const first = await c.inbound('5511944440002', 'Oi');
    await eventually(async () => (await rawTicket(first.ticketId)).useIntegration).toBe(false);
    const notes = await c.said(first.ticketId);
    expect(notes.map((m) => m.body)).toEqual(['A integração Agente recusado não respondeu (HTTP 401); o ticket foi passado aos atendentes do setor.']);
  }, SLOW);

  it('testSession asks the agent one question in the chosen language with the typed-in service account', async () => {
    const s = await createCompany(t.db);
    const { token } = await t.login(s.admin.email, TEST_PASSWORD);
    dialogflow.answer({ text: 'Hello! I am the agent.', intent: 'Default Welcome Intent' });
    const ok = await t.request('POST', '/queueIntegration/testSession', { token, body: { projectName: 'atende-agent', jsonContent: account.json, language: 'en' } });
    expect(ok).toMatchObject({ status: 200, body: { message: expect.any(String), intent: 'Default Welcome Intent', replies: ['Hello! I am the agent.'] } });
    expect(dialogflow.calls.at(-1)?.body.queryInput.text).toEqual({ text: 'Hello', languageCode: 'en' });

    const refused = await t.request('POST', '/queueIntegration/testSession', { token, body: { projectName: 'atende-agent', jsonContent: makeServiceAccount().json, language: 'pt' } });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_INTEGRATION_TEST_FAILED' } });
    expect(JSON.stringify(refused.body)).not.toContain('PRIVATE KEY');

    const notAnAccount = await t.request('POST', '/queueIntegration/testSession', { token, body: { projectName: 'x', jsonContent: '{"type":"authorized_user"}' } });
    expect(notAnAccount.status).toBe(400);
    expect(notAnAccount.body.fields).toEqual([{ path: 'body.jsonContent', message: 'queueIntegration.invalidServiceAccount' }]);
    expect((await t.request('POST', '/queueIntegration/testSession', { token, body: { jsonContent: account.json } })).status).toBe(400);

    const plain = await createUser(t.db, s.company.id);
    const plainToken = (await t.login(plain.email, TEST_PASSWORD)).token;
    expect((await t.request('POST', '/queueIntegration/testSession', { token: plainToken, body: { projectName: 'atende-agent', jsonContent: account.json } })).status).toBe(403);
  }, SLOW);
});
