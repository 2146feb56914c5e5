import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { awaitMarker, collectUntilMarker, isMarker } from '../helpers/socket-marker.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

const connect = (token?: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(t.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (error) => reject(error));
  });

const nextEvent = <T>(socket: Socket, channel: string) => new Promise<T>((resolve) => socket.once(channel, resolve));

describe('Socket.IO (01-core §7 Realtime)', () => {
  it('refuses a handshake without a valid token (issue 11 point 9: a missing one says so)', async () => {
    await expect(connect()).rejects.toThrow('ERR_TOKEN_MISSING');
    await expect(connect('not-a-token')).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it("takes the token from the query as the product family's clients send it; a bad one names the session error (issue 13)", async () => {
    const { company, admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const viaQuery = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(t.url, { query: { token }, transports: ['websocket'], reconnection: false });
        sockets.push(socket);
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', (error) => reject(error));
      });
    const socket = await viaQuery(session.token);
    const event = nextEvent<{ action: string }>(socket, `company-${company.id}-auth`);
    const newer = await t.login(admin.email, TEST_PASSWORD);
    expect(await event).toMatchObject({ action: 'update' });
    await expect(viaQuery(`Bearer ${newer.token}`)).resolves.toBeDefined();
    // an expired or forged token: the client refreshes and connects again
    await expect(viaQuery(`${newer.token.slice(0, -2)}xx`)).rejects.toThrow('ERR_SESSION_EXPIRED');
    // the older sign-in has ended on the server (issue 33 point 6)
    await expect(viaQuery(session.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it("emits company-{id}-user to the company's sockets and never to another company's", async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const aSession = await t.login(a.admin.email, TEST_PASSWORD);
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);
    const aSocket = await connect(aSession.token);
    const bSocket = await connect(bSession.token);

    const bSeesAny: string[] = [];
    bSocket.onAny((channel: string, payload: unknown) => {
      if (!isMarker(payload)) bSeesAny.push(channel);
    });
    const received = nextEvent<{ action: string; user: { name: string } }>(aSocket, `company-${a.company.id}-user`);
    const created = await t.request('POST', '/users', {
      token: aSession.token,
      body: { name: 'Live User', email: 'live@example.test', password: 'secret-1' },
    });
    expect(created.status).toBe(201);
    expect(await received).toMatchObject({ action: 'create', user: { name: 'Live User' } });
    await awaitMarker(t, { socket: bSocket, token: bSession.token, user: b.admin });
    expect(bSeesAny).toEqual([]);
  });

  it('a newer sign-in of the same user reaches the older session with the new session id, then closes its socket (01-core §4 Session)', async () => {
    const { company, admin } = await createCompany(t.db);
    const older = await t.login(admin.email, TEST_PASSWORD);
    const socket = await connect(older.token);
    const event = nextEvent<{ action: string; user: { id: number }; sessionId: string }>(socket, `company-${company.id}-auth`);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const newer = await t.login(admin.email, TEST_PASSWORD);
    expect(await event).toEqual({ action: 'update', user: { id: admin.id }, sessionId: newer.sessionId });
    expect(newer.sessionId).not.toBe(older.sessionId);
    // the older sign-in ended on the server too (issue 33 point 6): its socket goes, after the event
    await closed;
    await expect(connect(older.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    await expect(connect(newer.token)).resolves.toBeDefined();
  });

  it('the auth event goes only to that user, not to colleagues', async () => {
    const { company, admin } = await createCompany(t.db);
    const colleague = await createUser(t.db, company.id);
    const colleagueSession = await t.login(colleague.email, TEST_PASSWORD);
    const watcher = { socket: await connect(colleagueSession.token), token: colleagueSession.token, user: colleague };
    const seen = await collectUntilMarker(t, watcher, `company-${company.id}-auth`, () => t.login(admin.email, TEST_PASSWORD));
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

  it("announces a change of the online flag on company-{id}-user, and a repeated ping announces nothing (01-core §3 User online, issue 11)", async () => {
    const { company, admin } = await createCompany(t.db);
    const colleague = await createUser(t.db, company.id, { profile: 'admin' });
    const watcher = await connect((await t.login(colleague.email, TEST_PASSWORD)).token);
    const seen: { action: string; user: { id: number; online: boolean; name: string } }[] = [];
    watcher.on(`company-${company.id}-user`, (payload) => seen.push(payload));

    const session = await t.login(admin.email, TEST_PASSWORD);
    const socket = await connect(session.token);
    socket.emit('userStatus');
    await expect.poll(() => seen.map((event) => [event.user.id, event.user.online])).toEqual([[admin.id, true]]);
    expect(seen[0].action).toBe('update');

    // the ping of an already online user: once it is recorded, a marker change follows it
    const lastSeen = async () => (await t.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, admin.id)))[0].at?.getTime();
    const before = await lastSeen();
    socket.emit('userStatus');
    await expect.poll(lastSeen).not.toBe(before);
    await t.request('PUT', `/users/${colleague.id}`, { token: session.token, body: { name: 'Marker Colleague', email: colleague.email } });
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1].user).toMatchObject({ id: colleague.id, name: 'Marker Colleague' });

    socket.close();
    await expect.poll(() => seen.length).toBe(3);
    expect(seen[2]).toMatchObject({ action: 'update', user: { id: admin.id, online: false } });
  });

  it('pings sent just before the last socket closes cannot bring the user back online (01-core §3 User online)', async () => {
    const { company, admin } = await createCompany(t.db);
    const colleague = await createUser(t.db, company.id, { profile: 'admin' });
    const watcher = await connect((await t.login(colleague.email, TEST_PASSWORD)).token);
    const seen: { user: { id: number; online: boolean; name: string } }[] = [];
    watcher.on(`company-${company.id}-user`, (payload) => seen.push(payload));

    const socket = await connect((await t.login(admin.email, TEST_PASSWORD)).token);
    socket.emit('userStatus');
    await expect.poll(() => seen.some((event) => event.user.id === admin.id && event.user.online)).toBe(true);
    for (let ping = 0; ping < 5; ping += 1) socket.emit('userStatus');
    socket.close();
    await expect.poll(() => seen.some((event) => event.user.id === admin.id && !event.user.online)).toBe(true);

    // a change announced after the offline one is the marker that no late "online" followed it
    // (made by the admin: a second sign-in of the colleague would end the watcher's)
    const session = await t.login(admin.email, TEST_PASSWORD);
    await t.request('PUT', `/users/${colleague.id}`, { token: session.token, body: { name: 'Marker After Offline', email: colleague.email } });
    await expect.poll(() => seen.at(-1)?.user.name).toBe('Marker After Offline');
    expect(seen.filter((event) => event.user.id === admin.id).at(-1)?.user.online).toBe(false);
    const [row] = await t.db.select({ online: users.online }).from(users).where(eq(users.id, admin.id));
    expect(row.online).toBe(false);
  });

  it("a broadcast's frame, built once for every socket, arrives whole at each, short or long (01-core §7 Realtime)", async () => {
    const { company, adminSession, inbound } = await setupAttendance(t);
    const listeners = await Promise.all([connect(adminSession.token), connect(adminSession.token), connect(adminSession.token)]);
    // a WebSocket frame's header is 2 bytes up to 125 bytes of payload and 4 bytes past it
    const bodies = ['short', 'm'.repeat(300), '€'.repeat(9_000)];
    const arrived = listeners.map(
      (socket) =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          socket.on(`company-${company.id}-appMessage`, (payload: { action: string; message: { body: string } }) => {
            if (payload.action !== 'create') return;
            seen.push(payload.message.body);
            if (seen.length === bodies.length) resolve(seen);
          });
        }),
    );
    for (const body of bodies) await inbound('5511988887777', body);
    for (const seen of await Promise.all(arrived)) expect(seen).toEqual(bodies);
  });
});
