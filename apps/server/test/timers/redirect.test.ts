import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { attendanceWithTimers, startClockedApp } from './support.ts';

let t: TestApp;
let clock: Awaited<ReturnType<typeof startClockedApp>>['clock'];
beforeAll(async () => {
  ({ t, clock } = await startClockedApp());
});
afterAll(() => t?.close());

describe('redirect to sendIdQueue (02-operations §3 timeSendQueue, sendIdQueue)', () => {
  it('a pending ticket nobody takes within timeSendQueue minutes moves to the redirect queue; messages do not restart the wait', async () => {
    const a = await attendanceWithTimers(t, clock, 2);
    const [first, overflow] = a.queues;
    await a.setConnection({ timeSendQueue: 15, sendIdQueue: overflow.id });
    const { ticketId } = await a.inbound('5511933330001', 'Oi');
    await a.put(a.adminSession.token, ticketId, { queueId: first.id });
    await a.passMinutes(10);
    await a.inbound('5511933330001', 'Alguém?');
    await a.passMinutes(4);
    expect((await a.ticket(a.adminSession.token, ticketId)).queueId).toBe(first.id);
    await a.passMinutes(2);
    expect(await a.ticket(a.adminSession.token, ticketId)).toMatchObject({ status: 'pending', userId: null, queueId: overflow.id });
    expect((await a.logTypes(ticketId)).at(-1)).toBe('redirect');
    // once there, it stays
    await a.passMinutes(60);
    expect((await a.ticket(a.adminSession.token, ticketId)).queueId).toBe(overflow.id);
  });

  it('a ticket taken before the time is not moved; returned to the queue, it waits again from then', async () => {
    const a = await attendanceWithTimers(t, clock, 2);
    const [first, overflow] = a.queues;
    await a.setConnection({ timeSendQueue: 15, sendIdQueue: overflow.id });
    const ana = await a.attendant([first.id], { allTicket: 'enabled' });
    const { ticketId } = await a.inbound('5511933330002', 'Oi');
    await a.passMinutes(5);
    await a.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id, queueId: first.id });
    await a.passMinutes(20);
    expect(await a.ticket(a.adminSession.token, ticketId)).toMatchObject({ status: 'open', queueId: first.id });

    await a.put(ana.session.token, ticketId, { status: 'pending', userId: null });
    await a.passMinutes(14);
    expect((await a.ticket(a.adminSession.token, ticketId)).queueId).toBe(first.id);
    await a.passMinutes(1);
    expect((await a.ticket(a.adminSession.token, ticketId)).queueId).toBe(overflow.id);
    expect(await a.logTypes(ticketId)).toEqual(['create', 'open', 'pending', 'redirect']);
  });
});
