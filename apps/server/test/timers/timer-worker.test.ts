// The timer mechanism itself (platform/timers.ts): one timer per kind and ticket, due by the
// injected clock, run once even by competing workers, and retried when its handler fails.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { contacts, tickets, timers } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { createTimerWorker, findTimer, scheduleTimer, type TimerHandler } from '../../src/platform/timers.ts';
import { createCompany } from '../factories/company.factory.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const silentLog = { warn: () => undefined, error: () => undefined } as never;

const aTicket = async () => {
  const { company } = await createCompany(database.db);
  const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: 'C', number: `55119${Date.now() % 1e8}` }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact.id }).returning();
  return ticket;
};

// A handler that records each run as a row change in its own transaction (the ticket's unread
// count), so a rolled-back run leaves no trace.
const countingHandler =
  (failFirst = false): TimerHandler =>
  async (tx, timer) => {
    await tx.update(tickets).set({ unreadMessages: sql`${tickets.unreadMessages} + 1` }).where(eq(tickets.id, timer.ticketId));
    if (failFirst && timer.attempts === 1) throw new Error('provider down');
  };

const runsOf = async (ticketId: number) =>
  (await database.db.select({ runs: tickets.unreadMessages }).from(tickets).where(eq(tickets.id, ticketId)))[0].runs;

describe('durable timers (issue 7: every timer a durable job; none lost, none fired twice)', () => {
  it('scheduling again moves the one timer; it is due by the injected clock', async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    const ticket = await aTicket();
    const target = { kind: 'test', companyId: ticket.companyId, ticketId: ticket.id };
    await scheduleTimer(database.db, target, new Date('2026-03-02T12:10:00Z'));
    await scheduleTimer(database.db, target, new Date('2026-03-02T12:20:00Z'));
    expect((await database.db.select().from(timers).where(eq(timers.ticketId, ticket.id))).length).toBe(1);
    const worker = createTimerWorker({ db: database.db, clock, handlers: { test: countingHandler() }, log: silentLog });
    clock.set('2026-03-02T12:15:00Z');
    expect(await worker.runDue()).toBe(0);
    clock.set('2026-03-02T12:20:00Z');
    expect(await worker.runDue()).toBe(1);
    expect(await runsOf(ticket.id)).toBe(1);
    expect(await findTimer(database.db, 'test', ticket.id)).toBeUndefined();
  });

  it('competing workers fire a due timer once', async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    const ticket = await aTicket();
    await scheduleTimer(database.db, { kind: 'test', companyId: ticket.companyId, ticketId: ticket.id }, clock.now());
    const workers = [1, 2, 3].map(() => createTimerWorker({ db: database.db, clock, handlers: { test: countingHandler() }, log: silentLog }));
    const fired = await Promise.all(workers.map((worker) => worker.runDue()));
    expect(fired.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await runsOf(ticket.id)).toBe(1);
  });

  it("a failing run leaves no trace and the timer runs again after its lease; a crashed worker's lease runs out", async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    const ticket = await aTicket();
    await scheduleTimer(database.db, { kind: 'test', companyId: ticket.companyId, ticketId: ticket.id }, clock.now());
    const worker = createTimerWorker({ db: database.db, clock, handlers: { test: countingHandler(true) }, log: silentLog });
    expect(await worker.runDue()).toBe(0);
    expect(await runsOf(ticket.id)).toBe(0);
    const failed = await findTimer(database.db, 'test', ticket.id);
    expect(failed).toMatchObject({ attempts: 1, lastError: 'provider down' });
    // still leased: not run again yet
    expect(await worker.runDue()).toBe(0);
    // the lease (database time) runs out, as it would after a process died holding it
    await database.db.update(timers).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(timers.ticketId, ticket.id));
    expect(await worker.runDue()).toBe(1);
    expect(await runsOf(ticket.id)).toBe(1);
    expect(await worker.runDue()).toBe(0);
  });
});
