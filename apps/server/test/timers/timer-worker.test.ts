// Timers as jobs of the runner (platform/jobs): one per kind and key, due by the injected clock,
// run once even by competing runners, and retried when their transactional handler fails.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx, Tx } from '../../src/db/client.ts';
import { contacts, jobs, tickets } from '../../src/db/schema.ts';
import { manualClock, type Clock } from '../../src/platform/clock.ts';
import { defineJobKind, type JobHandler } from '../../src/platform/jobs/job-kind.ts';
import { createJobRunner } from '../../src/platform/jobs/job-runner.ts';
import { enqueueJob, findUnfinishedJob } from '../../src/platform/jobs/jobs.repo.ts';
import { createCompany } from '../factories/company.factory.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
const testTimer = defineJobKind({
  name: 'test.timer',
  payload: z.object({ companyId: z.number(), ticketId: z.number() }),
  backoff: { baseSeconds: 60, maxSeconds: 60 },
});
type TestTimer = z.infer<typeof testTimer.payload>;

const aTicket = async () => {
  const { company } = await createCompany(database.db);
  const [contact] = await database.db.insert(contacts).values({ companyId: company.id, name: 'C', number: `55119${Date.now() % 1e8}` }).returning();
  const [ticket] = await database.db.insert(tickets).values({ companyId: company.id, contactId: contact.id }).returning();
  return ticket;
};

// A handler that records each run as a row change in its own transaction (the ticket's unread
// count), so a rolled-back run leaves no trace.
const countRun = async (tx: Tx, timer: TestTimer) => {
  await tx.update(tickets).set({ unreadMessages: sql`${tickets.unreadMessages} + 1` }).where(eq(tickets.id, timer.ticketId));
};
const countingHandler = (failFirst = false): JobHandler<TestTimer> => ({
  runInTransaction: async (tx, timer, job) => {
    await countRun(tx, timer);
    if (failFirst && job.attempts === 1) throw new Error('provider down');
  },
});

const runnerWith = (clock: Clock, handler: JobHandler<TestTimer>) => {
  const runner = createJobRunner({
    db: database.db,
    clock,
    log: silentLog,
    settings: { concurrency: 4, pollMs: 1000, retentionHours: 24, shutdownMs: 1000, leaseSeconds: 60 },
  });
  runner.register(testTimer, handler);
  return runner;
};

const schedule = (ticket: { companyId: number; id: number }, at: Date, db: DbOrTx = database.db) =>
  enqueueJob(db, testTimer, { companyId: ticket.companyId, ticketId: ticket.id }, { runAt: at, singletonKey: String(ticket.id) });

const runsOf = async (ticketId: number) =>
  (await database.db.select({ runs: tickets.unreadMessages }).from(tickets).where(eq(tickets.id, ticketId)))[0].runs;

describe('durable timers on the job runner (issue 7: none lost, none fired twice; issue 12: one runner)', () => {
  it('scheduling again moves the one timer; it is due by the injected clock', async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    const ticket = await aTicket();
    await schedule(ticket, new Date('2026-03-02T12:10:00Z'));
    await schedule(ticket, new Date('2026-03-02T12:20:00Z'));
    expect(await database.db.select().from(jobs).where(and(eq(jobs.kind, testTimer.name), eq(jobs.singletonKey, String(ticket.id))))).toHaveLength(1);
    const runner = runnerWith(clock, countingHandler());
    clock.set('2026-03-02T12:15:00Z');
    expect(await runner.runDue()).toBe(0);
    clock.set('2026-03-02T12:20:00Z');
    expect(await runner.runDue()).toBe(1);
    expect(await runsOf(ticket.id)).toBe(1);
    expect(await findUnfinishedJob(database.db, testTimer.name, String(ticket.id))).toBeUndefined();
  });

  it('competing runners fire a due timer once', async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    const ticket = await aTicket();
    await schedule(ticket, clock.now());
    const runners = [1, 2, 3].map(() => runnerWith(clock, countingHandler()));
    const fired = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(fired.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await runsOf(ticket.id)).toBe(1);
  });

  it("a failing run leaves no trace and the timer runs again after its backoff; a crashed runner's lease runs out", async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    const ticket = await aTicket();
    await schedule(ticket, clock.now());
    const runner = runnerWith(clock, countingHandler(true));
    expect(await runner.runDue()).toBe(0);
    expect(await runsOf(ticket.id)).toBe(0);
    expect(await findUnfinishedJob(database.db, testTimer.name, String(ticket.id))).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'provider down' });
    // waiting out its backoff (database time): not run again yet
    expect(await runner.runDue()).toBe(0);
    // the backoff runs out; then a run claims it and "dies" holding its lease until that runs out too
    await database.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.singletonKey, String(ticket.id)));
    await database.db
      .update(jobs)
      .set({ state: 'running', claimToken: 'a dead process', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.singletonKey, String(ticket.id)));
    expect(await runner.runDue()).toBe(1);
    expect(await runsOf(ticket.id)).toBe(1);
    expect(await runner.runDue()).toBe(0);
  });

  it('a timer moved while its run was under way is not fired by that run (scheduling again wins)', async () => {
    const clock = manualClock('2026-03-02T12:00:00Z');
    const ticket = await aTicket();
    await schedule(ticket, clock.now());
    let moved = false;
    const runner = runnerWith(clock, {
      // a change that reschedules it lands after the claim, before the run records itself
      lockFirst: async (tx) => {
        if (moved) return;
        moved = true;
        await schedule(ticket, new Date('2026-03-02T13:00:00Z'), tx);
      },
      runInTransaction: countRun,
    });
    expect(await runner.runDue()).toBe(0);
    expect(await runsOf(ticket.id)).toBe(0);
    expect(await findUnfinishedJob(database.db, testTimer.name, String(ticket.id))).toMatchObject({ state: 'waiting', runAt: new Date('2026-03-02T13:00:00Z') });
    clock.set('2026-03-02T13:00:00Z');
    expect(await runner.runDue()).toBe(1);
    expect(await runsOf(ticket.id)).toBe(1);
  });
});
