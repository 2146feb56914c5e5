import type { TicketView } from '@atende/shared/tickets';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '../../src/platform/clock.ts';
import { connectSocket, recordEvents, setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const MINUTE_MS = 60_000;

let t: TestApp;
let clock: ManualClock;
const sockets: Socket[] = [];
beforeAll(async () => {
  clock = manualClock(new Date());
  t = await startTestApp({}, { clock });
});
beforeEach(() => clock.set(new Date()));
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

type Page = { tickets: TicketView[] };

describe("issue 40 point 3: a ticket's SLA state in what the web reads", () => {
  it('the list row and the ticket carry the nearest open target; a reply moves it on, a breach marks it, closing clears it', async () => {
    const a = await setupAttendance(t);
    const [queue] = a.queues;
    const ana = await a.attendant([queue.id], { name: 'Ana', allTicket: 'enabled' });
    const policy = await t.request('POST', '/sla-policies', {
      token: a.adminSession.token,
      body: { name: 'Suporte', queueId: queue.id, firstResponseMinutes: 10, resolutionMinutes: 60 },
    });
    expect(policy.status).toBe(201);
    const socket = await connectSocket(t, ana.session.token);
    sockets.push(socket);
    const seen = recordEvents(socket);

    const { ticketId } = await a.inbound('5511955560001', 'Oi');
    expect((await a.ticket(ana.session.token, ticketId)).sla).toBeNull();
    expect((await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: queue.id })).status).toBe(200);
    await t.app.jobs.runDue();

    const ticket = (await a.ticket(ana.session.token, ticketId)) as TicketView;
    const created = new Date(ticket.createdAt).getTime();
    expect(ticket.sla).toEqual({ kind: 'firstResponse', dueAt: new Date(created + 10 * MINUTE_MS).toISOString(), startedAt: ticket.createdAt, breached: false });
    const page = await t.request<Page>('GET', '/tickets?status=open', { token: ana.session.token });
    expect(page.body.tickets.find((row) => row.id === ticketId)?.sla).toEqual(ticket.sla);
    // whoever sees the ticket hears that its chip starts counting
    const channel = `company-${a.company.id}-sla`;
    await expect.poll(() => seen.filter((event) => event.channel === channel)).toEqual([{ channel, payload: { action: 'started', ticketId, sla: ticket.sla } }]);

    const sent = await t.request('POST', `/messages/${ticketId}`, { token: ana.session.token, body: { body: 'Olá' } });
    expect(sent.status).toBe(201);
    expect((await a.ticket(ana.session.token, ticketId)).sla).toMatchObject({ kind: 'resolution', dueAt: new Date(created + 60 * MINUTE_MS).toISOString(), breached: false });

    clock.advance(61 * MINUTE_MS);
    await t.app.jobs.runDue();
    expect((await a.ticket(ana.session.token, ticketId)).sla).toMatchObject({ kind: 'resolution', breached: true });

    expect((await a.put(ana.session.token, ticketId, { status: 'closed' })).status).toBe(200);
    expect((await a.ticket(ana.session.token, ticketId)).sla).toBeNull();
  });
});
