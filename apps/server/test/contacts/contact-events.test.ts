import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createTag } from '../factories/contact.factory.ts';
import { awaitMarker, collectUntilMarker, isMarker } from '../helpers/socket-marker.ts';
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

describe('company-{id}-contact events (01-core §7 Realtime)', () => {
  it('create, update, tag sync and delete reach the company, and never another company', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const aSession = await t.login(a.admin.email, TEST_PASSWORD);
    const aWatcher = { socket: await connect(aSession.token), token: aSession.token, user: a.admin };
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);
    const bWatcher = { socket: await connect(bSession.token), token: bSession.token, user: b.admin };
    // B's own sign-in may still echo on its auth channel (late with the Redis adapter); count the rest
    const bSeesAny: string[] = [];
    bWatcher.socket.onAny((channel: string, payload: unknown) => {
      if (channel !== `company-${b.company.id}-auth` && !isMarker(payload)) bSeesAny.push(channel);
    });
    const tag = await createTag(t.db, a.company.id, { name: 'Live' });

    let contactId = 0;
    const seen = await collectUntilMarker<ContactEvent>(t, aWatcher, `company-${a.company.id}-contact`, async () => {
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
    await awaitMarker(t, bWatcher);
    expect(bSeesAny).toEqual([]);
  });

  it('events carry the masked number for everyone when lgpdHideNumber is enabled (01-core §5 Phone display)', async () => {
    const a = await createCompany(t.db);
    const adminSession = await t.login(a.admin.email, TEST_PASSWORD);
    const user = await createUser(t.db, a.company.id, { profile: 'user' });
    const userSession = await t.login(user.email, TEST_PASSWORD);
    const userWatcher = { socket: await connect(userSession.token), token: userSession.token, user };
    const adminWatcher = { socket: await connect(adminSession.token), token: adminSession.token, user: a.admin };
    await t.request('PUT', '/companySettings', { token: adminSession.token, body: { column: 'lgpdHideNumber', data: 'enabled' } });

    const channel = `company-${a.company.id}-contact`;
    const adminSeen: ContactEvent[] = [];
    adminWatcher.socket.on(channel, (payload: ContactEvent) => adminSeen.push(payload));
    const userSeen = await collectUntilMarker<ContactEvent>(t, userWatcher, channel, () =>
      t.request('POST', '/contacts', { token: adminSession.token, body: { name: 'Private', number: '5511987654321' } }),
    );
    expect(userSeen).toHaveLength(1);
    expect(userSeen[0].contact?.number).toBe('5511*******21');
    await awaitMarker(t, adminWatcher);
    expect(adminSeen).toHaveLength(1);
    expect(adminSeen[0].contact?.number).toBe('5511*******21');
  });
});
