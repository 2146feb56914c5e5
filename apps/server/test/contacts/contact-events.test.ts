import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createTag } from '../factories/contact.factory.ts';
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

const connect = (token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (error) => reject(error));
  });

type ContactEvent = { action: string; contact?: { id: number; name: string; number: string; tags: unknown[] }; contactId?: number };

// Runs the calls and gives back every payload seen on the channel meanwhile, plus a round trip.
const collect = async (socket: Socket, channel: string, action: () => Promise<unknown>) => {
  const seen: ContactEvent[] = [];
  socket.on(channel, (payload: ContactEvent) => seen.push(payload));
  await action();
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.off(channel);
  return seen;
};

describe('company-{id}-contact events (01-core §7 Realtime)', () => {
  it('create, update, tag sync and delete reach the company, and never another company', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const aSession = await t.login(a.admin.email, TEST_PASSWORD);
    const aSocket = await connect(aSession.token);
    const bSocket = await connect((await t.login(b.admin.email, TEST_PASSWORD)).token);
    // B's own sign-in may still echo on its auth channel (late with the Redis adapter); count the rest
    const bSeesAny: string[] = [];
    bSocket.onAny((channel: string) => {
      if (channel !== `company-${b.company.id}-auth`) bSeesAny.push(channel);
    });
    const tag = await createTag(t.db, a.company.id, { name: 'Live' });

    let contactId = 0;
    const seen = await collect(aSocket, `company-${a.company.id}-contact`, async () => {
      const token = aSession.token;
      const created = await t.request('POST', '/contacts', { token, body: { name: 'Live Contact', number: '5511911223344' } });
      contactId = created.body.id;
      await t.request('PUT', `/contacts/${contactId}`, { token, body: { name: 'Live Renamed' } });
      await t.request('PUT', `/contacts/toggleAcceptAudio/${contactId}`, { token });
      await t.request('PUT', `/contacts/toggleDisableBot/${contactId}`, { token });
      await t.request('PUT', `/contacts/block/${contactId}`, { token, body: { active: false } });
      await t.request('POST', '/tags/sync', { token, body: { contactId, tags: [{ id: tag.id }] } });
      // refused calls publish nothing
      await t.request('PUT', `/contacts/${contactId}`, { token, body: { name: 'X' } });
      await t.request('DELETE', `/contacts/${contactId}`, { token });
    });
    expect(seen.map((event) => event.action)).toEqual(['create', 'update', 'update', 'update', 'update', 'update', 'delete']);
    expect(seen[0].contact).toMatchObject({ id: contactId, name: 'Live Contact', number: '5511911223344' });
    expect(seen[1].contact).toMatchObject({ name: 'Live Renamed' });
    expect(seen[5].contact).toMatchObject({ tags: [{ id: tag.id, name: 'Live' }] });
    expect(seen[6]).toEqual({ action: 'delete', contactId });
    expect(bSeesAny).toEqual([]);
  });

  it('events carry the masked number for everyone when lgpdHideNumber is enabled (01-core §5 Phone display)', async () => {
    const a = await createCompany(t.db);
    const adminSession = await t.login(a.admin.email, TEST_PASSWORD);
    const user = await createUser(t.db, a.company.id, { profile: 'user' });
    const userSocket = await connect((await t.login(user.email, TEST_PASSWORD)).token);
    const adminSocket = await connect(adminSession.token);
    await t.request('PUT', '/companySettings', { token: adminSession.token, body: { column: 'lgpdHideNumber', data: 'enabled' } });

    const channel = `company-${a.company.id}-contact`;
    const adminSeen: ContactEvent[] = [];
    adminSocket.on(channel, (payload: ContactEvent) => adminSeen.push(payload));
    const userSeen = await collect(userSocket, channel, () =>
      t.request('POST', '/contacts', { token: adminSession.token, body: { name: 'Private', number: '5511987654321' } }),
    );
    expect(userSeen).toHaveLength(1);
    expect(userSeen[0].contact?.number).toBe('5511*******21');
    expect(adminSeen).toHaveLength(1);
    expect(adminSeen[0].contact?.number).toBe('5511*******21');
  });
});
