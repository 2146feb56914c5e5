import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createConnection, createContact } from '../factories/contact.factory.ts';
import { insertHistoryTicket } from '../factories/ticket-history.factory.ts';
import { connectSocket, setupAttendance } from '../helpers/attendance.ts';
import { collectUntilMarker } from '../helpers/socket-marker.ts';
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

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
type PanelRow = { id: number; status: string; userId: number | null };

describe('attendance panel (02-operations §2 Attendance panel, §3 Panel ticket, §7; 01-core §7 GET /dashboard/moments)', () => {
  it('lists the open and waiting tickets of the last 30 days with the panel ticket fields, newest first', async () => {
    const tenant = await createCompany(t.db);
    const companyId = tenant.company.id;
    const ana = await createUser(t.db, companyId, { name: 'Ana' });
    const queue = await createQueue(t.db, companyId, 'Vendas');
    const connection = await createConnection(t.db, companyId, 'Principal');
    const contact = await createContact(t.db, companyId, { name: 'Maria', number: '5511988887777' });
    const open = await insertHistoryTicket(t.db, companyId, { contactId: contact.id, status: 'open', userId: ana.id, queueId: queue.id, whatsappId: connection.id, lastMessage: 'Bom dia', unreadMessages: 2, createdAt: daysAgo(2) });
    const waiting = await insertHistoryTicket(t.db, companyId, { status: 'pending', createdAt: daysAgo(1) });
    await insertHistoryTicket(t.db, companyId, { status: 'closed', userId: ana.id, createdAt: daysAgo(1), closedAt: daysAgo(1) });
    await insertHistoryTicket(t.db, companyId, { status: 'group', isGroup: true, createdAt: daysAgo(1) });
    // last touched 31 days ago: out of the panel's 30 days (01-core §9)
    await insertHistoryTicket(t.db, companyId, { status: 'open', userId: ana.id, createdAt: daysAgo(31) });
    const other = await createCompany(t.db);
    await insertHistoryTicket(t.db, other.company.id, { status: 'pending', createdAt: daysAgo(1) });

    const session = await t.login(tenant.admin.email, TEST_PASSWORD);
    for (const path of ['/dashboard/moments', '/usersMoments']) {
      const answer = await t.request('GET', path, { token: session.token });
      expect(answer.status, path).toBe(200);
      expect((answer.body as PanelRow[]).map((row) => row.id), path).toEqual([waiting.id, open.id]);
    }
    const [, first] = (await t.request('GET', '/dashboard/moments', { token: session.token })).body;
    expect(first).toEqual({
      id: open.id,
      uuid: open.uuid,
      status: 'open',
      userId: ana.id,
      user: { id: ana.id, name: 'Ana' },
      contact: { id: contact.id, name: 'Maria', number: '5511988887777', urlPicture: null },
      lastMessage: 'Bom dia',
      whatsapp: { id: connection.id, name: 'Principal' },
      queue: { id: queue.id, name: 'Vendas', color: queue.color },
      unreadMessages: 2,
      updatedAt: expect.any(String),
    });

    const only = async (query: string) => ((await t.request('GET', `/dashboard/moments?${query}`, { token: session.token })).body as PanelRow[]).map((row) => row.id);
    expect(await only('status=pending')).toEqual([waiting.id]);
    expect(await only(`userId=${ana.id}`)).toEqual([open.id]);
    expect(await only(`queueIds=${encodeURIComponent(JSON.stringify([queue.id]))}`)).toEqual([open.id]);
    expect(await only(`queueIds=${encodeURIComponent('[0]')}`)).toEqual([waiting.id]);
    expect(await only(`dateStart=${daysAgo(40).slice(0, 10)}&dateEnd=${daysAgo(0).slice(0, 10)}&status=open`)).toHaveLength(2);
  });

  it('admins and users with allowRealTime see it; others get 403; bad periods are a 400 (02-operations §2, 01-core §6)', async () => {
    const tenant = await createCompany(t.db);
    const plain = await t.login((await createUser(t.db, tenant.company.id)).email, TEST_PASSWORD);
    const allowed = await t.login((await createUser(t.db, tenant.company.id, { allowRealTime: 'enabled' })).email, TEST_PASSWORD);
    for (const path of ['/dashboard/moments', '/usersMoments']) {
      expect((await t.request('GET', path, { token: plain.token })).status, path).toBe(403);
      expect((await t.request('GET', path, { token: allowed.token })).status, path).toBe(200);
    }
    expect((await t.request('GET', '/dashboard/moments?dateStart=2025-03-10&dateEnd=2025-03-01', { token: allowed.token })).status).toBe(400);
    expect((await t.request('GET', '/dashboard/moments?dateStart=1900-01-01&dateEnd=2025-03-01', { token: allowed.token })).status).toBe(400);
    for (const query of ['queueIds=nope', 'queueIds=%7B%22id%22%3A1%7D', 'queueIds=%5B-1%5D', 'userId=0', 'status=closed', 'dateStart=2025-02-30']) {
      expect((await t.request('GET', `/dashboard/moments?${query}`, { token: allowed.token })).status, query).toBe(400);
    }
  });

  it("another company's queue or attendant matches nothing (issue 18 Bad input, 02-operations §7)", async () => {
    const tenant = await createCompany(t.db);
    const other = await createCompany(t.db);
    const theirAgent = await createUser(t.db, other.company.id);
    const theirQueue = await createQueue(t.db, other.company.id, 'Deles');
    await insertHistoryTicket(t.db, tenant.company.id, { status: 'pending', createdAt: daysAgo(1) });
    await insertHistoryTicket(t.db, other.company.id, { status: 'open', userId: theirAgent.id, queueId: theirQueue.id, createdAt: daysAgo(1) });
    const session = await t.login(tenant.admin.email, TEST_PASSWORD);
    const count = async (query: string) => ((await t.request('GET', `/dashboard/moments?${query}`, { token: session.token })).body as PanelRow[]).length;
    expect(await count('')).toBe(1);
    expect(await count(`userId=${theirAgent.id}`)).toBe(0);
    expect(await count(`queueIds=${encodeURIComponent(JSON.stringify([theirQueue.id]))}`)).toBe(0);
  });

  it("follows the live channels: a customer's message and an accept reach the panel's socket, and the list shows them; another company hears nothing (02-operations §7)", async () => {
    const a = await setupAttendance(t);
    const b = await setupAttendance(t);
    const socket = await connectSocket(t, a.adminSession.token);
    const bSocket = await connectSocket(t, b.adminSession.token);
    sockets.push(socket, bSocket);
    const companyA = a.company.id;

    const seen: string[] = [];
    socket.onAny((channel: string) => seen.push(channel));
    const ticketEvent = new Promise((resolve) => socket.once(`company-${companyA}-ticket`, resolve));
    const messageEvent = new Promise((resolve) => socket.once(`company-${companyA}-appMessage`, resolve));
    const bWatcher = { socket: bSocket, token: b.adminSession.token, user: b.admin };
    const heardByB = await collectUntilMarker(t, bWatcher, `company-${companyA}-ticket`, async () => {
      const { ticketId } = await a.inbound('5511977776666', 'Quero ajuda');
      await Promise.all([ticketEvent, messageEvent]);
      const waiting = (await t.request('GET', '/dashboard/moments', { token: a.adminSession.token })).body as PanelRow[];
      expect(waiting.find((row) => row.id === ticketId)?.status).toBe('pending');

      const accepted = new Promise((resolve) => socket.once(`company-${companyA}-ticket`, resolve));
      expect((await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id })).status).toBe(200);
      await accepted;
      const open = (await t.request('GET', '/dashboard/moments', { token: a.adminSession.token })).body as PanelRow[];
      expect(open.find((row) => row.id === ticketId)).toMatchObject({ status: 'open', userId: a.admin.id });
    });
    expect(seen).toEqual(expect.arrayContaining([`company-${companyA}-ticket`, `company-${companyA}-appMessage`]));
    expect(heardByB).toEqual([]);
  });
});
