import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets, whatsappAuthKeys, whatsappSessionLeases } from '../../../src/db/schema.ts';
import { createUser, TEST_PASSWORD } from '../../factories/company.factory.ts';
import { connectSocket, recordEvents, type SeenEvent } from '../../helpers/attendance.ts';
import { outboundJobsOf } from '../../helpers/jobs.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { connectionOf, setupWhatsappCompany, startWhatsappApp, waitFor, waMessage } from './support.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
beforeAll(async () => {
  ({ t, whatsapp } = await startWhatsappApp());
});
afterAll(() => t?.close());

const LOGGED_OUT = 401;
const TIMED_OUT = 408;
const CONNECTION_LOST = 428;

describe('WhatsApp sessions (02-operations §4 Connection status)', () => {
  it('the QR code appears live on company-{id}-whatsappSession and empties on connect (02-operations §2 Connections screens)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    const client = await connectSocket(t, setup.session.token);
    const seen = recordEvents(client);
    const channel = `company-${setup.company.id}-whatsappSession`;

    setup.socket.showQr('2@qr-code-one');
    const shown = await waitFor(() => seen.find((event) => event.channel === channel && event.payload.session.qrcode === '2@qr-code-one'), 'the QR event');
    expect(shown.payload).toMatchObject({ action: 'update', session: { id: setup.connectionId, status: 'qrcode', qrcode: '2@qr-code-one' } });
    expect(await connectionOf(t, setup.session.token, setup.connectionId)).toMatchObject({ status: 'qrcode', qrcode: '2@qr-code-one' });

    setup.socket.showQr('2@qr-code-two');
    await waitFor(() => seen.find((event) => event.channel === channel && event.payload.session.qrcode === '2@qr-code-two'), 'the refreshed QR');

    setup.socket.open('5511988887777');
    const connected = await waitFor(() => seen.find((event) => event.channel === channel && event.payload.session.status === 'CONNECTED'), 'CONNECTED');
    expect(connected.payload.session).toMatchObject({ qrcode: '', number: '5511988887777' });
    client.disconnect();
  });

  it('the session events carry the external API token and the QR code only to admins and users with allowConnections (issue 12, 01-core §6)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    const token = (await t.request('GET', `/whatsapp/${setup.connectionId}`, { token: setup.session.token })).body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
    const plain = await createUser(t.db, setup.company.id);
    const allowed = await createUser(t.db, setup.company.id, { allowConnections: 'enabled' });
    const sessions = [setup.session, await t.login(plain.email, TEST_PASSWORD), await t.login(allowed.email, TEST_PASSWORD)];
    const clients = await Promise.all(sessions.map((session) => connectSocket(t, session.token)));
    const [adminSeen, plainSeen, allowedSeen] = clients.map(recordEvents);

    setup.socket.showQr('2@qr-for-everyone');
    const sessionEvent = (seen: SeenEvent[]) => () =>
      seen.find((event) => event.channel === `company-${setup.company.id}-whatsappSession` && event.payload.session.qrcode === '2@qr-for-everyone')?.payload
        .session;
    const connectionEvent = (seen: SeenEvent[]) => () =>
      seen.find((event) => event.channel === `company-${setup.company.id}-whatsapp` && event.payload.whatsapp?.qrcode === '2@qr-for-everyone')?.payload
        .whatsapp;
    for (const seen of [adminSeen, allowedSeen]) {
      await expect.poll(sessionEvent(seen)).toMatchObject({ token });
      await expect.poll(connectionEvent(seen)).toMatchObject({ token });
    }
    // the rest of the company hears that a QR code waits, without the code: whoever scans it links the connection
    const waitingForScan = (seen: SeenEvent[], channel: string, key: string) => () =>
      seen.find((event) => event.channel === `company-${setup.company.id}-${channel}` && event.payload[key]?.status === 'qrcode')?.payload[key];
    await expect.poll(waitingForScan(plainSeen, 'whatsappSession', 'session')).toMatchObject({ id: setup.connectionId, qrcode: '' });
    await expect.poll(waitingForScan(plainSeen, 'whatsapp', 'whatsapp')).toMatchObject({ id: setup.connectionId, qrcode: '' });
    expect(JSON.stringify(plainSeen)).not.toContain('2@qr-for-everyone');
    expect(JSON.stringify(plainSeen)).not.toContain(token);
    for (const client of clients) client.disconnect();
  });

  it('a scanned QR moves to PAIRING, then CONNECTED after the restart WhatsApp asks for (02-operations §4)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.showQr('2@pairing');
    setup.socket.emit('connection.update', { isNewLogin: true, qr: undefined });
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'PAIRING', 'PAIRING');
    setup.socket.emit('creds.update', { me: { id: '5511977776666:3@s.whatsapp.net' }, registered: true });
    setup.socket.close(515);
    const second = await waitFor(() => (whatsapp.of(setup.connectionId).length === 2 ? whatsapp.latest(setup.connectionId) : undefined), 'the new socket');
    expect(second.options.auth.creds.me?.id).toBe('5511977776666:3@s.whatsapp.net');
    second.open('5511977776666');
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
  });

  it('a dropped connection reconnects by itself with the same credentials (02-operations §4)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
    setup.socket.close(CONNECTION_LOST);
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'OPENING', 'OPENING');
    const second = await waitFor(() => (whatsapp.of(setup.connectionId).length === 2 ? whatsapp.latest(setup.connectionId) : undefined), 'a reconnect');
    expect(setup.socket.ended).toBe(true);
    expect(second.options.auth.creds.registered).toBe(true);
    second.close(CONNECTION_LOST);
    const third = await waitFor(() => (whatsapp.of(setup.connectionId).length === 3 ? whatsapp.latest(setup.connectionId) : undefined), 'a second reconnect');
    third.open();
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED again');
  });

  it('a logout on the phone sets DISCONNECTED and removes the stored credentials (02-operations §4)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    await waitFor(async () => (await t.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, setup.connectionId))).length > 0, 'stored creds');
    setup.socket.close(LOGGED_OUT);
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'DISCONNECTED', 'DISCONNECTED');
    expect(await t.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, setup.connectionId))).toEqual([]);
    expect(await t.db.select().from(whatsappSessionLeases).where(eq(whatsappSessionLeases.connectionId, setup.connectionId))).toEqual([]);
    expect(whatsapp.of(setup.connectionId)).toHaveLength(1);
  });

  it('QR codes nobody scans end in TIMEOUT, and try again opens a new session (02-operations §4, §7)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.showQr('2@never-scanned');
    setup.socket.close(TIMED_OUT);
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'TIMEOUT', 'TIMEOUT');
    expect((await connectionOf(t, setup.session.token, setup.connectionId)).qrcode).toBe('');

    const retry = await t.request('POST', `/whatsappsession/${setup.connectionId}`, { token: setup.session.token });
    expect(retry.status).toBe(200);
    const next = await waitFor(() => (whatsapp.of(setup.connectionId).length === 2 ? whatsapp.latest(setup.connectionId) : undefined), 'a new socket');
    next.showQr('2@fresh');
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).qrcode === '2@fresh', 'the new QR');
  });

  it('a new session that cannot reach WhatsApp keeps retrying instead of TIMEOUT (02-operations §4)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.close(TIMED_OUT);
    const next = await waitFor(() => (whatsapp.of(setup.connectionId).length === 2 ? whatsapp.latest(setup.connectionId) : undefined), 'a retry');
    expect((await connectionOf(t, setup.session.token, setup.connectionId)).status).toBe('OPENING');
    next.showQr('2@reached');
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).qrcode === '2@reached', 'the QR');
  });

  it('new QR drops the credentials; disconnect logs out and sets DISCONNECTED (02-operations §7 Connections)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');

    expect((await t.request('PUT', `/whatsappsession/${setup.connectionId}`, { token: setup.session.token })).status).toBe(200);
    const fresh = await waitFor(() => (whatsapp.of(setup.connectionId).length === 2 ? whatsapp.latest(setup.connectionId) : undefined), 'a new socket');
    expect(fresh.options.auth.creds.me).toBeUndefined();
    expect(setup.socket.ended).toBe(true);
    fresh.open();
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');

    expect((await t.request('DELETE', `/whatsappsession/${setup.connectionId}`, { token: setup.session.token })).status).toBe(200);
    expect(fresh.loggedOut).toBe(true);
    expect(await connectionOf(t, setup.session.token, setup.connectionId)).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
    expect(await t.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, setup.connectionId))).toEqual([]);
  });

  it('POST /whatsapp-restart/ restarts every WhatsApp session of the company only (02-operations §7)', async () => {
    const first = await setupWhatsappCompany(t, whatsapp);
    const other = await setupWhatsappCompany(t, whatsapp);
    const second = await t.request('POST', '/whatsapp', { token: first.session.token, body: { name: 'Segunda linha', channel: 'whatsapp' } });
    await waitFor(() => whatsapp.latest(second.body.id), 'the second socket');
    expect((await t.request('POST', '/whatsapp-restart/', { token: first.session.token })).status).toBe(200);
    await waitFor(() => whatsapp.of(first.connectionId).length === 2 && whatsapp.of(second.body.id).length === 2, 'both restarted');
    expect(whatsapp.of(other.connectionId)).toHaveLength(1);
  });

  it('session actions need admin or allowConnections; another company gets not found (02-operations §6)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    const plain = await createUser(t.db, setup.company.id);
    const plainSession = await t.login(plain.email, TEST_PASSWORD);
    const allowed = await createUser(t.db, setup.company.id, { allowConnections: 'enabled' });
    const allowedSession = await t.login(allowed.email, TEST_PASSWORD);
    const outsider = await setupWhatsappCompany(t, whatsapp);

    for (const [method, path] of [
      ['POST', `/whatsappsession/${setup.connectionId}`],
      ['PUT', `/whatsappsession/${setup.connectionId}`],
      ['DELETE', `/whatsappsession/${setup.connectionId}`],
      ['POST', '/whatsapp-restart/'],
    ]) {
      expect((await t.request(method, path, { token: plainSession.token })).status, `${method} ${path}`).toBe(403);
    }
    expect((await t.request('DELETE', `/whatsappsession/${setup.connectionId}`, { token: outsider.session.token })).status).toBe(404);
    expect((await connectionOf(t, setup.session.token, setup.connectionId)).status).not.toBe('DISCONNECTED');
    expect((await t.request('POST', `/whatsappsession/${setup.connectionId}`, { token: allowedSession.token })).status).toBe(200);
  });
});

describe('WhatsApp sessions across processes (ARCHITECTURE §1 one owner per session)', () => {
  it('a restarted server resumes the session from the database without a new QR (02-operations §4 Connection status)', async () => {
    const first = await startWhatsappApp();
    const setup = await setupWhatsappCompany(first.t, first.whatsapp);
    setup.socket.open('5511966665555');
    const keys = { 'pre-key': { '1': { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5, 6]) } } };
    setup.socket.emit('creds.update', { nextPreKeyId: 2 });
    await setup.socket.options.auth.keys.set(keys);
    await waitFor(async () => (await connectionOf(first.t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
    await first.t.app.close();

    const second = await startWhatsappApp(first.t);
    try {
      const resumed = await waitFor(() => second.whatsapp.latest(setup.connectionId), 'the resumed socket');
      expect(resumed.options.auth.creds.me?.id).toBe('5511966665555:7@s.whatsapp.net');
      expect(resumed.options.auth.creds.nextPreKeyId).toBe(2);
      expect(resumed.options.auth.creds.noiseKey.private).toEqual(setup.socket.options.auth.creds.noiseKey.private);
      const stored = await resumed.options.auth.keys.get('pre-key', ['1', '2']);
      expect(Buffer.from(stored['1'].private)).toEqual(Buffer.from([4, 5, 6]));
      expect(stored['2']).toBeUndefined();
      resumed.open('5511966665555');
      await waitFor(async () => (await connectionOf(second.t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
      expect((await connectionOf(second.t, setup.session.token, setup.connectionId)).qrcode).toBe('');
    } finally {
      await second.t.close();
      await first.t.database.close();
    }
  });

  it('a second server over the same database does not open a session the first one owns (ARCHITECTURE §1)', async () => {
    const owner = await startWhatsappApp();
    const setup = await setupWhatsappCompany(owner.t, owner.whatsapp);
    setup.socket.open();
    await waitFor(async () => (await connectionOf(owner.t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
    const other = await startWhatsappApp(owner.t);
    try {
      expect(other.whatsapp.of(setup.connectionId)).toHaveLength(0);
      const [lease] = await owner.t.db.select().from(whatsappSessionLeases).where(and(eq(whatsappSessionLeases.connectionId, setup.connectionId)));
      expect(lease.owner).not.toBe('');
      // a session action asked through the other server reaches the owner, which runs it
      expect((await other.t.request('PUT', `/whatsappsession/${setup.connectionId}`, { token: setup.session.token })).status).toBe(200);
      await waitFor(() => owner.whatsapp.of(setup.connectionId).length === 2, 'the owner opening a new session');
      expect(other.whatsapp.of(setup.connectionId)).toHaveLength(0);
    } finally {
      await other.t.close();
      await owner.t.close();
    }
  });

  it('a reply written through the other server goes out through the owner\'s socket (ARCHITECTURE §1, 01-core §4 Messages)', async () => {
    const owner = await startWhatsappApp();
    const setup = await setupWhatsappCompany(owner.t, owner.whatsapp);
    setup.socket.open();
    await waitFor(async () => (await connectionOf(owner.t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
    const other = await startWhatsappApp(owner.t);
    try {
      setup.socket.emit('messages.upsert', { messages: [waMessage('5511977770000@s.whatsapp.net', { conversation: 'oi' })], type: 'notify' });
      const [ticket] = await waitFor(async () => {
        const rows = await owner.t.db.select().from(tickets).where(eq(tickets.whatsappId, setup.connectionId));
        return rows.length > 0 ? rows : undefined;
      }, 'the ticket');
      await other.t.request('PUT', `/tickets/${ticket.id}`, { token: setup.session.token, body: { status: 'open', userId: setup.admin.id } });
      const reply = await other.t.request('POST', `/messages/${ticket.id}`, { token: setup.session.token, body: { body: 'respondido pelo outro servidor' } });
      expect(reply.status).toBe(201);
      await waitFor(() => setup.socket.sent.length === 1, 'the owner sending it', 15_000);
      expect(setup.socket.sent[0].content).toEqual({ text: 'respondido pelo outro servidor' });
      // the server without the session never took the job (it would have failed it first)
      const [job] = await waitFor(async () => {
        const rows = await outboundJobsOf(owner.t.db, reply.body[0].id);
        return rows[0]?.state === 'completed' ? rows : undefined;
      }, 'the job recorded as completed');
      expect(job).toMatchObject({ attempts: 1, lastError: null });
      expect(other.whatsapp.of(setup.connectionId)).toHaveLength(0);
    } finally {
      await other.t.close();
      await owner.t.close();
    }
  });
});
