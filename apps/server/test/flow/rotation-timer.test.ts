// The rotation's hand-on (02-operations §3 Queue rotate / ativarRoteador, timeRotate /
// tempoRoteador; §9 rotation options): a ticket the rotation assigned and nobody accepted within
// tempoRoteador minutes passes to the next least busy online attendant of the queue.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { findTicketTimer, ticketTimerJobs } from '../../src/modules/tickets/ticket-timers.jobs.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { MONDAY_10H, setupFlow, startFlowApp } from './flow-setup.ts';

const MINUTE_MS = 60_000;

let t: TestApp;
let clock: ManualClock;
const sockets: { close: () => void }[] = [];
beforeAll(async () => {
  ({ t, clock } = await startFlowApp());
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});
beforeEach(() => clock.set(MONDAY_10H));

const passMinutes = async (minutes: number) => {
  clock.advance(minutes * MINUTE_MS);
  await t.app.jobs.runDue();
};

const rotatingQueue = async (tempoRoteador: number) => {
  const f = await setupFlow(t);
  const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.', ativarRoteador: true, tempoRoteador });
  await f.configureConnection({ queueIds: [sales.id] });
  return { f, sales };
};

const rotationTimer = (ticketId: number) => findTicketTimer(t.db, ticketTimerJobs.queueRotation, ticketId);

describe('rotation time: an unaccepted ticket passes on (02-operations §3 timeRotate / tempoRoteador, §9 rotation options)', () => {
  it('hands a ticket nobody accepted to the next online attendant after tempoRoteador minutes, and on again (02-operations §3)', async () => {
    const { f, sales } = await rotatingQueue(5);
    const ana = await f.attendant([sales.id], { online: true });
    const bia = await f.attendant([sales.id], { online: true });
    await f.attendant([sales.id], { online: false });
    const biaSocket = await connectSocket(t, bia.session.token);
    sockets.push(biaSocket);
    const seenByBia = recordEvents(biaSocket);

    const { ticketId } = await f.inbound('5511966660001', 'Oi');
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: sales.id, userId: ana.user.id });
    await passMinutes(4);
    expect((await f.ticketOf(ticketId)).userId).toBe(ana.user.id);

    await passMinutes(1);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: sales.id, userId: bia.user.id });
    expect(await f.logTypes(ticketId)).toEqual(['create', 'queue', 'pending', 'rotation']);
    const log = (await t.request('GET', `/tickets-log/${ticketId}`, { token: f.token })).body.at(-1);
    expect(log).toMatchObject({ type: 'rotation', user: { id: bia.user.id }, queue: { id: sales.id } });
    await expect
      .poll(() =>
        seenByBia.some(
          (event) =>
            event.channel === `company-${f.company.id}-ticket` &&
            event.payload.action === 'update' &&
            event.payload.ticket.id === ticketId &&
            event.payload.ticket.userId === bia.user.id,
        ),
      )
      .toBe(true);

    // Bia does not accept either: back to Ana, never to the attendant who is offline
    await passMinutes(5);
    expect((await f.ticketOf(ticketId)).userId).toBe(ana.user.id);
    expect((await f.logTypes(ticketId)).filter((type) => type === 'rotation')).toHaveLength(2);
  });

  it('leaves a ticket alone once accepted, transferred or closed (02-operations §3)', async () => {
    const { f, sales } = await rotatingQueue(5);
    const ana = await f.attendant([sales.id], { online: true });
    await f.attendant([sales.id], { online: true });

    const accepted = await f.inbound('5511966660002', 'Oi');
    await passMinutes(2);
    expect((await f.put(ana.session.token, accepted.ticketId, { status: 'open', userId: ana.user.id, queueId: sales.id })).status).toBe(200);
    expect(await rotationTimer(accepted.ticketId)).toBeUndefined();
    await passMinutes(30);
    expect(await f.ticketOf(accepted.ticketId)).toMatchObject({ status: 'open', userId: ana.user.id });
    expect(await f.logTypes(accepted.ticketId)).not.toContain('rotation');

    // transferred to the queue without an attendant, it waits there for anyone instead of rotating
    const transferred = await f.inbound('5511966660003', 'Oi');
    expect((await f.ticketOf(transferred.ticketId)).userId).not.toBeNull();
    const transfer = await f.put(f.token, transferred.ticketId, { isTransfered: true, queueId: sales.id, userId: null });
    expect(transfer.status).toBe(200);
    await passMinutes(30);
    expect(await f.ticketOf(transferred.ticketId)).toMatchObject({ status: 'pending', userId: null });
    expect(await f.logTypes(transferred.ticketId)).not.toContain('rotation');

    const closed = await f.inbound('5511966660004', 'Oi');
    expect(await rotationTimer(closed.ticketId)).toBeDefined();
    expect((await f.put(f.token, closed.ticketId, { status: 'closed' })).status).toBe(200);
    expect(await rotationTimer(closed.ticketId)).toBeUndefined();
    await passMinutes(30);
    expect((await f.ticketOf(closed.ticketId)).status).toBe('closed');
    expect(await f.logTypes(closed.ticketId)).not.toContain('rotation');
  });

  it('with nobody else online keeps the ticket with its attendant and counts again (02-operations §3)', async () => {
    const { f, sales } = await rotatingQueue(10);
    const ana = await f.attendant([sales.id], { online: true });
    const bia = await f.attendant([sales.id], { online: false });
    const { ticketId } = await f.inbound('5511966660005', 'Oi');
    await passMinutes(10);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', userId: ana.user.id });
    expect(await f.logTypes(ticketId)).not.toContain('rotation');
    expect((await rotationTimer(ticketId))?.runAt).toEqual(new Date(clock.now().getTime() + 10 * MINUTE_MS));

    await t.db.update(users).set({ online: true }).where(eq(users.id, bia.user.id));
    await passMinutes(9);
    expect((await f.ticketOf(ticketId)).userId).toBe(ana.user.id);
    await passMinutes(1);
    expect((await f.ticketOf(ticketId)).userId).toBe(bia.user.id);
  });

  it('with rotation time 0 the chosen attendant keeps the ticket (02-operations §9 rotation options)', async () => {
    const { f, sales } = await rotatingQueue(0);
    const ana = await f.attendant([sales.id], { online: true });
    await f.attendant([sales.id], { online: true });
    const { ticketId } = await f.inbound('5511966660006', 'Oi');
    expect(await rotationTimer(ticketId)).toBeUndefined();
    await passMinutes(120);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', userId: ana.user.id });
  });
});
