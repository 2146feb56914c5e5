// Durable ticket timers. A timer is a row (kind, ticket, due time), unique per kind and ticket, so
// scheduling again only moves it. It is written in the transaction of the change that causes it;
// the worker claims due rows with a lease and runs each handler in a transaction that first
// deletes the row: the handler's effects and the timer's end commit together, so a process that
// dies mid-run loses nothing (the lease runs out and another run happens) and a timer never fires
// twice (a second runner finds the row gone). "Due" is decided by the injected clock.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { tickets, timers } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export type TimerRow = typeof timers.$inferSelect;
export type TimerTarget = { kind: string; companyId: number; ticketId: number };

// What a handler wants done once its transaction committed (events, waking the outbound queue).
export type AfterCommit = () => Promise<void>;
export type TimerHandler = (tx: Tx, timer: TimerRow) => Promise<AfterCommit | void>;

const POLL_MS = 1000;
const BATCH = 20;
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 10;
const MAX_BACKOFF_SECONDS = 300;

export const scheduleTimer = (db: DbOrTx, target: TimerTarget, dueAt: Date) =>
  db
    .insert(timers)
    .values({ ...target, dueAt })
    .onConflictDoUpdate({
      target: [timers.kind, timers.ticketId],
      set: { dueAt, companyId: target.companyId, lockedUntil: null, attempts: 0, lastError: null },
    });

export const cancelTimers = (db: DbOrTx, ticketId: number, kinds: readonly string[]) =>
  db.delete(timers).where(and(eq(timers.ticketId, ticketId), inArray(timers.kind, [...kinds])));

export const findTimer = async (db: DbOrTx, kind: string, ticketId: number) =>
  (await db.select().from(timers).where(and(eq(timers.kind, kind), eq(timers.ticketId, ticketId))))[0];

const claimDue = async (db: Db, now: Date) => {
  const due = db
    .select({ id: timers.id })
    .from(timers)
    .where(and(lte(timers.dueAt, now), or(isNull(timers.lockedUntil), lte(timers.lockedUntil, sql`now()`))))
    .orderBy(asc(timers.dueAt), asc(timers.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(timers)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, attempts: sql`${timers.attempts} + 1` })
    .where(inArray(timers.id, due))
    .returning();
};

export const createTimerWorker = (deps: { db: Db; clock: Clock; handlers: Record<string, TimerHandler>; log: FastifyBaseLogger }) => {
  let interval: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  // Runs one claimed timer; answers whether it fired.
  const fire = async (claimed: TimerRow) => {
    const handler = deps.handlers[claimed.kind];
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        // the ticket first, as every change that schedules a timer locks it first: one lock order
        await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, claimed.ticketId)).for('update');
        // rescheduled since the claim (its due time moved) or already run: not this run's job
        const [mine] = await tx
          .delete(timers)
          .where(and(eq(timers.id, claimed.id), eq(timers.dueAt, claimed.dueAt)))
          .returning();
        if (!mine) return { fired: false };
        if (!handler) {
          deps.log.warn({ kind: claimed.kind }, 'timer without a handler dropped');
          return { fired: false };
        }
        return { fired: true, after: (await handler(tx, mine)) ?? undefined };
      });
      await outcome.after?.();
      return outcome.fired;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (claimed.attempts >= MAX_ATTEMPTS) {
        deps.log.error({ timerId: claimed.id, kind: claimed.kind, reason }, 'timer dropped after repeated failures');
        await deps.db.delete(timers).where(and(eq(timers.id, claimed.id), eq(timers.dueAt, claimed.dueAt)));
      } else {
        deps.log.warn({ timerId: claimed.id, kind: claimed.kind, reason }, 'timer failed; will retry');
        const backoff = Math.min(2 ** claimed.attempts, MAX_BACKOFF_SECONDS);
        await deps.db
          .update(timers)
          .set({ lockedUntil: sql`now() + make_interval(secs => ${backoff})`, lastError: reason.slice(0, 1000) })
          .where(and(eq(timers.id, claimed.id), eq(timers.dueAt, claimed.dueAt)));
      }
      return false;
    }
  };

  const drain = async () => {
    let fired = 0;
    for (;;) {
      const claimed = await claimDue(deps.db, deps.clock.now());
      for (const timer of claimed) if (await fire(timer)) fired++;
      if (claimed.length < BATCH) return fired;
    }
  };

  // Runs every due timer now (one pass at a time) and answers how many fired; tests call it after
  // moving their clock.
  const runDue = async (): Promise<number> => {
    while (running) await running.catch(() => undefined);
    running = drain().finally(() => {
      running = undefined;
    });
    return running;
  };

  const tick = () => {
    if (stopped || running) return;
    runDue().catch((error: unknown) => deps.log.error({ err: error }, 'timer worker failed'));
  };

  return {
    runDue,
    start: () => {
      stopped = false;
      interval = setInterval(tick, POLL_MS);
      tick();
    },
    stop: async () => {
      stopped = true;
      if (interval) clearInterval(interval);
      await running?.catch(() => undefined);
    },
  };
};

export type TimerWorker = ReturnType<typeof createTimerWorker>;

declare module 'fastify' {
  interface FastifyInstance {
    // the app's timer worker; tests call timers.runDue() after moving their clock
    timers: TimerWorker;
  }
}
