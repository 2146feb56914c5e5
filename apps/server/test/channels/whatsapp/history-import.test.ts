import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyImportJob } from '../../../src/channels/whatsapp/history-import.ts';
import { connectionQueues, connections, jobs, tickets, whatsappHistoryMessages } from '../../../src/db/schema.ts';
import { manualClock } from '../../../src/platform/clock.ts';
import { createQueue } from '../../factories/company.factory.ts';
import { connectSocket, recordEvents } from '../../helpers/attendance.ts';
import type { Json } from '../../helpers/json.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import type { FakeWhatsappSocket } from '../../helpers/fake-whatsapp.ts';
import { connectionOf, setupWhatsappCompany, startWhatsappApp, waitFor, waMessage } from './support.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
// the import waits for a quiet while on this clock, which only the tests move
const clock = manualClock('2026-07-01T12:00:00Z');
beforeAll(async () => {
  ({ t, whatsapp } = await startWhatsappApp(undefined, {}, clock));
});
afterAll(() => t?.close());

const keptHistory = (app: TestApp, connectionId: number) => app.db.select().from(whatsappHistoryMessages).where(eq(whatsappHistoryMessages.connectionId, connectionId));
const enableImport = (app: TestApp, connectionId: number) =>
  app.db.update(connections).set({ enableImportMessage: true, importOldMessages: new Date('2026-01-01T00:00:00Z') }).where(eq(connections.id, connectionId));
const sendHistory = (socket: FakeWhatsappSocket, messages: ReturnType<typeof waMessage>[]) =>
  socket.emit('messaging-history.set', { chats: [], contacts: [], messages, isLatest: true });
const importEnded = (app: TestApp, token: string, connectionId: number) =>
  waitFor(async () => (await connectionOf(app, token, connectionId)).statusImportMessages === 'renderButtonCloseTickets', 'the end of the import');
const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const dated = (message: ReturnType<typeof waMessage>, iso: string) => ({ ...message, messageTimestamp: at(iso) });

const importing = async (closedTicketsPostImported: boolean) => {
  const setup = await setupWhatsappCompany(t, whatsapp);
  const queue = await createQueue(t.db, setup.company.id);
  // a live customer's message would get the greeting and the menu of these queues
  const menu = [await createQueue(t.db, setup.company.id), await createQueue(t.db, setup.company.id)];
  await t.db.insert(connectionQueues).values(menu.map((item) => ({ connectionId: setup.connectionId, queueId: item.id, companyId: setup.company.id })));
  await t.db
    .update(connections)
    .set({
      greetingMessage: 'Olá! Escolha um setor:',
      enableImportMessage: true,
      importOldMessages: new Date('2026-01-01T00:00:00Z'),
      importRecentMessages: new Date('2026-06-30T00:00:00Z'),
      queueIdImportMessages: queue.id,
      closedTicketsPostImported,
    })
    .where(eq(connections.id, setup.connectionId));
  const client = await connectSocket(t, setup.session.token);
  const seen = recordEvents(client);
  setup.socket.open();
  const history = [
    dated(waMessage('5511911110001@s.whatsapp.net', { conversation: 'antigo demais' }), '2025-12-01T10:00:00Z'),
    dated(waMessage('5511911110001@s.whatsapp.net', { conversation: 'bom dia' }), '2026-02-01T10:00:00Z'),
    dated(waMessage('5511911110001@s.whatsapp.net', { conversation: 'bom dia, em que ajudo?' }, { fromMe: true }), '2026-02-01T10:05:00Z'),
    dated(waMessage('120363000000000009@g.us', { conversation: 'grupo' }, { participant: '5511911110002@s.whatsapp.net' }), '2026-03-01T10:00:00Z'),
  ];
  setup.socket.emit('messaging-history.set', { chats: [], contacts: [], messages: history.slice(0, 2), isLatest: true, progress: 50 });
  setup.socket.emit('messaging-history.set', {
    chats: [],
    contacts: [],
    // WhatsApp may send a message again in a later batch: it is imported once
    messages: [history[1], ...history.slice(2), dated(waMessage('5511911110003@s.whatsapp.net', { conversation: 'olá' }), '2026-04-01T10:00:00Z')],
    isLatest: false,
    progress: 100,
  });
  const channel = `importMessages-${setup.company.id}`;
  await waitFor(async () => (await keptHistory(t, setup.connectionId)).length === 3, 'both batches kept');
  clock.advance(60_000);
  await t.app.jobs.runDue();
  await waitFor(() => seen.find((event) => event.channel === channel && event.payload.action === 'refresh'), 'the end of the import');
  const progress = seen.filter((event) => event.channel === channel && event.payload.action === 'update').map((event) => event.payload.status);
  const imported = await t.db.select().from(tickets).where(eq(tickets.whatsappId, setup.connectionId));
  client.disconnect();
  return { ...setup, queue, progress, imported };
};

describe('Message import from the WhatsApp history (02-operations §4 Message import)', () => {
  it('imports the messages inside the dates with progress, then offers to close the imported tickets (02-operations §4, §7)', async () => {
    const c = await importing(false);
    expect(c.progress[0]).toEqual({ this: -1, all: 0, date: '' });
    expect(c.progress.at(-1)).toEqual({ this: 3, all: 3, date: '2026-04-01T10:00:00.000Z' });
    expect(c.imported).toHaveLength(2);
    expect(c.imported.every((ticket) => ticket.status === 'pending' && ticket.queueId === c.queue.id)).toBe(true);
    const first = c.imported.find((ticket) => ticket.lastMessage === 'bom dia, em que ajudo?');
    // history is kept as it happened, read, and answered by no greeting, menu or bot
    const page = (await t.request('GET', `/messages/${first!.id}`, { token: c.session.token })).body.messages;
    expect(page.map((message: Json) => [message.body, message.fromMe, message.createdAt, message.read])).toEqual([
      ['bom dia', false, '2026-02-01T10:00:00.000Z', true],
      ['bom dia, em que ajudo?', true, '2026-02-01T10:05:00.000Z', true],
    ]);
    expect(c.imported.map((ticket) => ticket.unreadMessages)).toEqual([0, 0]);
    expect((await t.request('GET', `/whatsapp/${c.connectionId}`, { token: c.session.token })).body.statusImportMessages).toBe('renderButtonCloseTickets');

    const closed = await t.request('POST', `/closedimported/${c.connectionId}`, { token: c.session.token });
    expect(closed).toMatchObject({ status: 200, body: { closed: 2 } });
    expect((await t.db.select().from(tickets).where(eq(tickets.whatsappId, c.connectionId))).map((ticket) => ticket.status)).toEqual(['closed', 'closed']);
    expect((await t.request('GET', `/whatsapp/${c.connectionId}`, { token: c.session.token })).body.statusImportMessages).toBeNull();
    expect((await connectionOf(t, c.session.token, c.connectionId)).status).toBe('CONNECTED');
  });

  it('with closedTicketsPostImported the imported tickets are closed when the import ends (02-operations §3)', async () => {
    const c = await importing(true);
    const after = await t.db.select().from(tickets).where(eq(tickets.whatsappId, c.connectionId));
    expect(after.map((ticket) => ticket.status)).toEqual(['closed', 'closed']);
    expect((await t.request('GET', `/whatsapp/${c.connectionId}`, { token: c.session.token })).body.statusImportMessages).toBeNull();
  });

  it('an import cut off by a restart is done by the next process once its session is back (02-operations §4 Message import)', async () => {
    const ownClock = manualClock('2026-07-01T12:00:00Z');
    const first = await startWhatsappApp(undefined, {}, ownClock);
    const setup = await setupWhatsappCompany(first.t, first.whatsapp);
    await enableImport(first.t, setup.connectionId);
    setup.socket.open();
    sendHistory(setup.socket, [
      dated(waMessage('5511911110005@s.whatsapp.net', { conversation: 'depois' }), '2026-03-02T10:00:00Z'),
      dated(waMessage('5511911110005@s.whatsapp.net', { conversation: 'antes' }), '2026-03-01T10:00:00Z'),
    ]);
    // the clock stands still, so the quiet while never ends on the first process
    await waitFor(async () => (await keptHistory(first.t, setup.connectionId)).length === 2, 'the kept history');
    await first.t.app.close();

    ownClock.advance(60_000);
    const second = await startWhatsappApp(first.t, {}, ownClock);
    try {
      const resumed = await waitFor(() => second.whatsapp.latest(setup.connectionId), 'the resumed socket');
      resumed.open();
      await importEnded(second.t, setup.session.token, setup.connectionId);
      const [ticket] = await second.t.db.select().from(tickets).where(eq(tickets.whatsappId, setup.connectionId));
      const page = (await second.t.request('GET', `/messages/${ticket.id}`, { token: setup.session.token })).body.messages;
      expect(page.map((message: Json) => message.body)).toEqual(['antes', 'depois']);
      expect(await keptHistory(second.t, setup.connectionId)).toEqual([]);
    } finally {
      await second.t.close();
      await first.t.database.close();
    }
  });

  it('history imported into a ticket that has newer messages leaves its last message as it was (02-operations §4 Message import)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    await enableImport(t, setup.connectionId);
    setup.socket.open();
    sendHistory(setup.socket, [dated(waMessage('5511911110007@s.whatsapp.net', { conversation: 'mensagem antiga' }), '2026-03-01T10:00:00Z')]);
    // the customer writes while the import waits for its quiet while
    setup.socket.emit('messages.upsert', { messages: [waMessage('5511911110007@s.whatsapp.net', { conversation: 'mensagem de agora' })], type: 'notify' });
    const live = await waitFor(async () => (await t.db.select().from(tickets).where(eq(tickets.whatsappId, setup.connectionId)))[0], 'the live ticket');
    clock.advance(60_000);
    await t.app.jobs.runDue();
    await importEnded(t, setup.session.token, setup.connectionId);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, live.id));
    expect(ticket.lastMessage).toBe('mensagem de agora');
    const page = (await t.request('GET', `/messages/${live.id}`, { token: setup.session.token })).body.messages;
    expect(page.map((message: Json) => message.body)).toEqual(['mensagem antiga', 'mensagem de agora']);
  });

  it('an import whose session stays away through every attempt ends without the messages it could not store (02-operations §4 Message import)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    await enableImport(t, setup.connectionId);
    // the history came while the session was up; it is down when the import runs
    sendHistory(setup.socket, [dated(waMessage('5511911110006@s.whatsapp.net', { conversation: 'perdida' }), '2026-03-01T10:00:00Z')]);
    await waitFor(async () => (await keptHistory(t, setup.connectionId)).length === 1, 'the kept history');
    await t.db
      .update(jobs)
      .set({ attempts: historyImportJob.maxAttempts - 1 })
      .where(and(eq(jobs.kind, historyImportJob.name), eq(jobs.state, 'waiting'), sql`${jobs.payload}->>'connectionId' = ${String(setup.connectionId)}`));
    clock.advance(60_000);
    await t.app.jobs.runDue();
    await importEnded(t, setup.session.token, setup.connectionId);
    expect(await keptHistory(t, setup.connectionId)).toEqual([]);
    expect(await t.db.select().from(tickets).where(eq(tickets.whatsappId, setup.connectionId))).toEqual([]);
  });

  it('a connection without import enabled ignores the history (02-operations §3 enableImportMessage)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    sendHistory(setup.socket, [dated(waMessage('5511911110004@s.whatsapp.net', { conversation: 'histórico' }), '2026-02-01T10:00:00Z')]);
    setup.socket.emit('messages.upsert', { messages: [waMessage('5511911110004@s.whatsapp.net', { conversation: 'nova' })], type: 'notify' });
    const ticket = await waitFor(async () => (await t.db.select().from(tickets).where(eq(tickets.whatsappId, setup.connectionId)))[0], 'the live ticket');
    // one session's events are handled in order, so the history was dealt with before 'nova'
    const page = (await t.request('GET', `/messages/${ticket.id}`, { token: setup.session.token })).body.messages;
    expect(page.map((message: Json) => message.body)).toEqual(['nova']);
  });

  it('closing imported tickets needs the connection permission and the company\'s own connection (02-operations §6)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    const outsider = await setupWhatsappCompany(t, whatsapp);
    expect((await t.request('POST', `/closedimported/${setup.connectionId}`, { token: outsider.session.token })).status).toBe(404);
  });
});
