import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t.close());

const connect = (token?: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(t.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (error) => reject(error));
  });

const nextEvent = <T>(socket: Socket, channel: string) => new Promise<T>((resolve) => socket.once(channel, resolve));

// Resolves with the events that arrived on a channel while `action` ran, plus a round trip.
const collect = async (socket: Socket, channel: string, action: () => Promise<unknown>) => {
  const seen: unknown[] = [];
  socket.on(channel, (payload) => seen.push(payload));
  await action();
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.off(channel);
  return seen;
};

describe('Socket.IO (01-core §7 Realtime)', () => {
  it('refuses a handshake without a valid token', async () => {
    await expect(connect()).rejects.toThrow('ERR_SESSION_EXPIRED');
    await expect(connect('not-a-token')).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it("emits company-{id}-user to the company's sockets and never to another company's", async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const aSession = await t.login(a.admin.email, TEST_PASSWORD);
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);
    const aSocket = await connect(aSession.token);
    const bSocket = await connect(bSession.token);

    const bSeesAny: string[] = [];
    bSocket.onAny((channel: string) => bSeesAny.push(channel));
    const received = nextEvent<{ action: string; user: { name: string } }>(aSocket, `company-${a.company.id}-user`);
    const created = await t.request('POST', '/users', {
      token: aSession.token,
      body: { name: 'Live User', email: 'live@example.test', password: 'secret-1' },
    });
    expect(created.status).toBe(201);
    expect(await received).toMatchObject({ action: 'create', user: { name: 'Live User' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bSeesAny).toEqual([]);
  });

  it('a newer sign-in of the same user reaches the older session with the new session id (01-core §4 Session)', async () => {
    const { company, admin } = await createCompany(t.db);
    const older = await t.login(admin.email, TEST_PASSWORD);
    const socket = await connect(older.token);
    const event = nextEvent<{ action: string; user: { id: number }; sessionId: string }>(socket, `company-${company.id}-auth`);
    const newer = await t.login(admin.email, TEST_PASSWORD);
    expect(await event).toEqual({ action: 'update', user: { id: admin.id }, sessionId: newer.sessionId });
    expect(newer.sessionId).not.toBe(older.sessionId);
  });

  it('the auth event goes only to that user, not to colleagues', async () => {
    const { company, admin } = await createCompany(t.db);
    const colleague = await createUser(t.db, company.id);
    const colleagueSocket = await connect((await t.login(colleague.email, TEST_PASSWORD)).token);
    const seen = await collect(colleagueSocket, `company-${company.id}-auth`, () => t.login(admin.email, TEST_PASSWORD));
    expect(seen).toEqual([]);
  });

  it('userStatus marks the user online; the last socket leaving marks it offline (01-core §4 Session)', async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const socket = await connect(session.token);
    socket.emit('userStatus');
    const online = async () => (await t.db.select({ online: users.online }).from(users).where(eq(users.id, admin.id)))[0].online;
    await expect.poll(online).toBe(true);
    socket.close();
    await expect.poll(online).toBe(false);
  });
});
