// Issue 33 point 1: no request can crash the process. A company's WhatsApp session actions (start,
// try again, new QR, disconnect, delete) fired one after another while its sockets fail at every
// step they can fail at leave the process answering and serving the other companies; a session
// that cannot reach WhatsApp ends in a status the connections screen shows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSessionTimings } from '../../../src/channels/whatsapp/session-manager.ts';
import { whatsappSessionLeases } from '../../../src/db/schema.ts';
import type { FakeFailures } from '../../helpers/fake-whatsapp.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { connectionOf, deliver, setupWhatsappCompany, startWhatsappApp, waitFor, waMessage } from './support.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
beforeAll(async () => {
  ({ t, whatsapp } = await startWhatsappApp());
});
afterAll(() => t?.close());

const CONNECTION_LOST = 428;
const LOGGED_OUT = 401;
// Baileys' code for a connection that failed or timed out (the fake socket's unreachable WhatsApp)
const UNREACHABLE = 408;

const failWith = (failures: FakeFailures) => {
  for (const key of Object.keys(whatsapp.failures) as (keyof FakeFailures)[]) delete whatsapp.failures[key];
  Object.assign(whatsapp.failures, failures);
};

// each step's failure alone, then all of them at once
const failurePlans: [string, FakeFailures][] = [
  ['nothing fails', {}],
  ['the socket cannot be created', { create: true }],
  ['WhatsApp cannot be reached', { connect: true }],
  ['end() throws', { end: 'throw' }],
  ["the WebSocket emits 'error' after end() took its listeners off", { end: 'late-error' }],
  ['logout() rejects', { logout: true }],
  ['everything that can fail', { connect: true, end: 'late-error', logout: true }],
];

describe('session actions whose sockets fail (02-operations §7 Connections; ARCHITECTURE §4 no tenant can hurt the process)', () => {
  it('start, try again, new QR, disconnect and delete in quick succession, failing at each step: the process answers and serves another company (02-operations §4 Connection status)', async () => {
    // another company, connected before the storm and used after it
    failWith({});
    const other = await setupWhatsappCompany(t, whatsapp);
    other.socket.open();
    await waitFor(async () => (await connectionOf(t, other.session.token, other.connectionId)).status === 'CONNECTED', 'the other company CONNECTED');

    const actor = await setupWhatsappCompany(t, whatsapp);
    const token = actor.session.token;
    for (const [index, [what, failures]] of failurePlans.entries()) {
      failWith(failures);
      const created = await t.request('POST', '/whatsapp', { token, body: { name: `Falhas ${index + 1}`, channel: 'whatsapp' } });
      expect(created.status, what).toBe(201);
      const id = created.body.id as number;
      // no waiting for the session between the calls: each lands while the last is still starting
      const answers = [
        await t.request('POST', `/whatsappsession/${id}`, { token }),
        await t.request('PUT', `/whatsappsession/${id}`, { token }),
        await t.request('POST', `/whatsappsession/${id}`, { token }),
        await t.request('DELETE', `/whatsappsession/${id}`, { token }),
        await t.request('POST', `/whatsappsession/${id}`, { token }),
        await t.request('DELETE', `/whatsapp/${id}`, { token }),
      ];
      expect(answers.map((answer) => answer.status), what).toEqual([200, 200, 200, 200, 200, 204]);
      expect((await t.request('GET', `/whatsapp/${id}`, { token })).status, what).toBe(404);
      // every socket the deleted connection had is closed, and no lease is left behind
      await waitFor(() => whatsapp.of(id).every((socket) => socket.ended), `the sockets of "${what}" closed`);
      expect(await t.db.select().from(whatsappSessionLeases).where(eq(whatsappSessionLeases.connectionId, id)), what).toEqual([]);
      expect((await t.request('GET', '/health')).status, what).toBe(200);
    }

    failWith({});
    expect(await t.request('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await connectionOf(t, other.session.token, other.connectionId)).status).toBe('CONNECTED');
    deliver(other.socket, waMessage('5511955554444@s.whatsapp.net', { conversation: 'ainda atende?' }));
    const ticket = await waitFor(async () => {
      const list = await t.request('GET', '/tickets?status=pending', { token: other.session.token });
      return (list.body.tickets as { contact: { number: string } }[] | undefined)?.find((row) => row.contact.number === '5511955554444');
    }, "the other company's new ticket");
    expect(ticket).toBeTruthy();
  });

  it('a new session that never reaches WhatsApp ends DISCONNECTED with the reason after its attempts; try again starts it afresh (02-operations §4 Connection status; issue 35 point 8)', async () => {
    failWith({ connect: true });
    const setup = await setupWhatsappCompany(t, whatsapp);
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'DISCONNECTED', 'DISCONNECTED');
    expect(await connectionOf(t, setup.session.token, setup.connectionId)).toMatchObject({ statusReason: 'unreachable', statusReasonCode: UNREACHABLE });
    expect(whatsapp.of(setup.connectionId)).toHaveLength(defaultSessionTimings.unreachedAttempts);
    expect(whatsapp.of(setup.connectionId).every((socket) => socket.ended)).toBe(true);
    expect(await t.db.select().from(whatsappSessionLeases).where(eq(whatsappSessionLeases.connectionId, setup.connectionId))).toEqual([]);

    failWith({});
    expect((await t.request('POST', `/whatsappsession/${setup.connectionId}`, { token: setup.session.token })).status).toBe(200);
    const fresh = await waitFor(
      () => (whatsapp.of(setup.connectionId).length > defaultSessionTimings.unreachedAttempts ? whatsapp.latest(setup.connectionId) : undefined),
      'a new socket',
    );
    fresh.showQr('2@reached');
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).qrcode === '2@reached', 'the QR code');
    expect(await connectionOf(t, setup.session.token, setup.connectionId)).toMatchObject({ status: 'qrcode', statusReason: null, statusReasonCode: null });
  });

  it('a session the phone logged out ends DISCONNECTED saying so (02-operations §4 Connection status; issue 35 point 8)', async () => {
    failWith({});
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
    setup.socket.close(LOGGED_OUT);
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'DISCONNECTED', 'DISCONNECTED');
    expect(await connectionOf(t, setup.session.token, setup.connectionId)).toMatchObject({ statusReason: 'loggedOut', statusReasonCode: LOGGED_OUT });
  });

  it('a linked session keeps reconnecting, as OPENING with the reason once its attempts ran out, for as long as WhatsApp cannot be reached (02-operations §4 Connection status; issue 35 point 8)', async () => {
    failWith({});
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
    failWith({ connect: true });
    setup.socket.close(CONNECTION_LOST);
    const beyond = defaultSessionTimings.unreachedAttempts + 2;
    await waitFor(() => whatsapp.of(setup.connectionId).length > beyond, `more than ${beyond} sockets`);
    expect(await connectionOf(t, setup.session.token, setup.connectionId)).toMatchObject({ status: 'OPENING', statusReason: 'unreachable', statusReasonCode: UNREACHABLE });

    // no socket can be made between these two lines: every later one reaches WhatsApp
    const count = whatsapp.of(setup.connectionId).length;
    failWith({});
    const back = await waitFor(() => (whatsapp.of(setup.connectionId).length > count ? whatsapp.latest(setup.connectionId) : undefined), 'a socket that reaches WhatsApp');
    back.open();
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED again');
    expect(await connectionOf(t, setup.session.token, setup.connectionId)).toMatchObject({ statusReason: null, statusReasonCode: null });
  });
});
