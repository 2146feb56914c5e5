// A company ready for attendance: admin session, a sandbox connection, queues and attendants,
// and a customer who writes through the sandbox channel.
import { io, type Socket } from 'socket.io-client';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { asc, eq } from 'drizzle-orm';
import { messages, userQueues, users } from '../../src/db/schema.ts';
import type { Json } from './json.ts';
import { isMarker } from './socket-marker.ts';
import type { TestApp } from './test-app.ts';

export type Session = { token: string; sessionId: string; user: { id: number; name: string }; cookie: string };

export const setupAttendance = async (t: TestApp, options: { queues?: number } = {}) => {
  const { company, admin } = await createCompany(t.db);
  const adminSession: Session = await t.login(admin.email, TEST_PASSWORD);
  const connection = await t.request('POST', '/sandbox/connections', { token: adminSession.token, body: { name: 'Sandbox' } });
  if (connection.status !== 201) throw new Error(`sandbox connection: ${JSON.stringify(connection.body)}`);
  const queues = [];
  for (let i = 0; i < (options.queues ?? 1); i++) queues.push(await createQueue(t.db, company.id, `Queue ${i + 1}`));

  const attendant = async (queueIds: number[], values: Partial<typeof users.$inferInsert> = {}) => {
    const user = await createUser(t.db, company.id, values);
    if (queueIds.length) await t.db.insert(userQueues).values(queueIds.map((queueId) => ({ userId: user.id, queueId, companyId: company.id })));
    const session: Session = await t.login(user.email, TEST_PASSWORD);
    return { user, session };
  };

  let counter = 0;
  const inbound = async (from: string, body: string, providerMessageId = `in-${Date.now()}-${counter++}`) => {
    const answer = await t.request('POST', `/sandbox/${connection.body.id}/messages`, {
      token: adminSession.token,
      body: { from, name: `Customer ${from.slice(-4)}`, body, providerMessageId },
    });
    if (answer.status >= 300) throw new Error(`inbound failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { messageId: number; ticketId: number; contactId: number | null; duplicate: boolean };
  };

  const ticket = async (token: string, ticketId: number) => (await t.request('GET', `/tickets/${ticketId}`, { token })).body;
  const put = (token: string, ticketId: number, body: Record<string, unknown>) => t.request('PUT', `/tickets/${ticketId}`, { token, body });
  const logTypes = async (ticketId: number) =>
    ((await t.request('GET', `/tickets-log/${ticketId}`, { token: adminSession.token })).body as { type: string }[]).map((entry) => entry.type);

  return { company, admin, adminSession, connection: connection.body as { id: number }, queues, attendant, inbound, ticket, put, logTypes };
};

export const connectSocket = (t: TestApp, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });

export type SeenEvent = { channel: string; payload: Json };

// Records every event a socket receives, so a test can wait for one or check one never came
// (after a marker, helpers/socket-marker.ts; the markers themselves are left out).
export const recordEvents = (socket: Socket) => {
  const seen: SeenEvent[] = [];
  socket.onAny((channel: string, payload: unknown) => {
    if (!isMarker(payload)) seen.push({ channel, payload });
  });
  return seen;
};

// A ticket's messages as stored, oldest first: what a bot or an integration said and how.
export const ticketMessages = async (t: TestApp, ticketId: number) =>
  (await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id))).map((m) => ({
    fromMe: m.fromMe,
    body: m.body,
    mediaType: m.mediaType,
    isPrivate: m.isPrivate,
  }));

// What the sandbox channel delivered for one ticket, newest first.
export const sandboxOutbox = async (t: TestApp, token: string, connectionId: number, ticketId: number) =>
  ((await t.request('GET', `/sandbox/${connectionId}/outbox`, { token })).body as { ticketId: number; body: string; mediaType?: string }[]).filter(
    (sent) => sent.ticketId === ticketId,
  );
