// The one background job runner. Each process runs up to `concurrency` jobs at once, claimed
// from the jobs table with a lease (a process that dies lets its leases run out; others take the
// jobs). It claims when told of new work — a NOTIFY sent in the enqueuing transaction, heard by
// every process over the database — when a job of its own ends, and on a slow poll for jobs that
// become due by the clock. Failures retry with exponential backoff up to the kind's cap, then the
// job is `failed` with its last error; finished rows are pruned after the retention.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Listen } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { JobFailure, jobPriorities, RetryAfter, type JobHandler, type JobInfo, type JobKind, type JobPayload } from './job-kind.ts';
import {
  claimJobs,
  completeJob,
  completeJobWith,
  extendLeases,
  failJob,
  JOBS_CHANNEL,
  pruneFinishedJobs,
  releaseJobs,
  retryJobLater,
  type ClaimCondition,
  type ClaimedJob,
  type JobClaim,
} from './jobs.repo.ts';

const PRUNE_EVERY_MS = 15 * 60_000;
const SMALLINT = { min: -32768, max: 32767 };

export type JobRunnerSettings = {
  concurrency: number;
  pollMs: number;
  retentionHours: number;
  shutdownMs: number;
  // a claim's lease, renewed while the job runs; a dead process's jobs wait this long
  leaseSeconds: number;
};

export type JobRunnerDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: JobRunnerSettings;
  listen?: Listen;
  // an extra claim condition on each candidate row (`jobs`), e.g. work another process owns
  claimWhere?: ClaimCondition;
  // told of each job this process ran, once it ended (completed, to be retried or failed)
  onJobEnded?: (kind: string) => void;
};

type Registered = { kind: JobKind; handler: JobHandler<JobPayload> };
type Running = { claim: JobClaim; bulk: boolean; done: Promise<void> };

// The last company served by a batch taken in turn from the one after `after`: the highest of
// those past it, or after wrapping around, the highest of the others.
const lastServed = (rows: ClaimedJob[], after: number) => {
  const wrapped = rows.filter((row) => row.companyId <= after);
  return Math.max(...(wrapped.length > 0 ? wrapped : rows).map((row) => row.companyId));
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Bulk work may fill all but a quarter of the slots, so a reply always finds one free.
const bulkSlotsOf = (concurrency: number) => Math.max(1, concurrency - Math.max(1, Math.floor(concurrency / 4)));

export const createJobRunner = (deps: JobRunnerDeps) => {
  const { db, log, settings } = deps;
  const registered = new Map<string, Registered>();
  const running = new Map<string, Running>();
  const intervals: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | undefined;
  let started = false;
  let closing = false;
  let handled = 0;
  // jobs that ended, whatever their outcome
  let ended = 0;
  // claims run one at a time; a kick while one runs queues exactly one more
  let claiming: Promise<number> = Promise.resolve(0);
  let kickQueued = false;
  let afterCompanyId = 0;

  const register = <P extends JobPayload>(kind: JobKind<P>, handler: JobHandler<P>) => {
    if (registered.has(kind.name)) throw new Error(`job kind ${kind.name} registered twice`);
    registered.set(kind.name, { kind: kind as unknown as JobKind, handler: handler as unknown as JobHandler<JobPayload> });
  };

  const fail = async (claim: JobClaim, row: ClaimedJob, reason: string, payload?: JobPayload) => {
    log.error({ jobId: row.id, kind: row.kind, companyId: row.companyId, attempts: row.attempts, reason }, 'job failed');
    const failed = await failJob(db, claim, reason);
    const { handler } = registered.get(row.kind)!;
    if (failed && payload && handler.gaveUp) {
      await handler.gaveUp(payload, reason).catch((error: unknown) => log.error({ jobId: row.id, kind: row.kind, err: error }, 'job give-up hook failed'));
    }
  };

  const execute = async (row: ClaimedJob) => {
    // a turn of the event loop before each job: PGlite runs a query inside the process without I/O,
    // so jobs that follow one another (a campaign's steps and their sends) would otherwise chain on
    // promises alone and never let the process read an HTTP request until the queue is empty
    await new Promise((resolve) => setImmediate(resolve));
    const claim = { id: row.id, claimToken: row.claimToken ?? '' };
    const { kind, handler } = registered.get(row.kind)!;
    const parsed = kind.payload.safeParse(row.payload);
    if (!parsed.success) return fail(claim, row, `invalid payload: ${z.prettifyError(parsed.error)}`);
    // leases that ran out this often mean the job takes its process down with it
    if (row.attempts > kind.maxAttempts) return fail(claim, row, `gave up after ${row.attempts - 1} attempts; ${row.lastError ?? 'leases ran out'}`, parsed.data);
    const info: JobInfo = { id: row.id, kind: row.kind, attempts: row.attempts };
    try {
      if ('run' in handler) {
        await handler.run(parsed.data, info);
        if (await completeJob(db, claim, kind.keepWhenDone)) handled++;
        return;
      }
      const outcome = await completeJobWith(db, claim, {
        keep: kind.keepWhenDone,
        lockFirst: async (tx) => handler.lockFirst?.(tx, parsed.data),
        work: async (tx) => (await handler.runInTransaction(tx, parsed.data, info)) ?? undefined,
      });
      // moved, cancelled or taken over since the claim: not this run's to do
      if (!outcome.ran) return;
      handled++;
      await outcome.result?.().catch((error: unknown) => log.error({ jobId: row.id, kind: row.kind, err: error }, 'job follow-up failed'));
    } catch (error) {
      const reason = reasonOf(error);
      if (error instanceof JobFailure || row.attempts >= kind.maxAttempts) return fail(claim, row, reason, parsed.data);
      const backoff = Math.min(kind.backoff.baseSeconds * 2 ** (row.attempts - 1), kind.backoff.maxSeconds);
      const delay = error instanceof RetryAfter ? error.seconds : backoff;
      log.warn({ jobId: row.id, kind: row.kind, attempts: row.attempts, delay, reason }, 'job failed; will retry');
      await retryJobLater(db, claim, delay, reason);
    }
  };

  const launch = (row: ClaimedJob) => {
    const key = `${row.id}:${row.claimToken}`;
    const done = execute(row)
      .catch((error: unknown) => log.error({ jobId: row.id, kind: row.kind, err: error }, 'job runner could not record an outcome'))
      .finally(() => {
        running.delete(key);
        ended++;
        deps.onJobEnded?.(row.kind);
        kick();
      });
    running.set(key, { claim: { id: row.id, claimToken: row.claimToken ?? '' }, bulk: row.priority < jobPriorities.normal, done });
  };

  // Fills the free slots: urgent work first, then bulk work up to its share.
  const claimBatch = async () => {
    const free = settings.concurrency - running.size;
    if (free <= 0 || closing) return 0;
    const base = {
      kinds: [...registered.keys()],
      now: deps.clock.now(),
      leaseSeconds: settings.leaseSeconds,
      claimToken: randomUUID(),
      where: deps.claimWhere,
    };
    const claim = async (limit: number, priorities: { min: number; max: number }) => {
      const rows = await claimJobs(db, { ...base, limit, priorities, afterCompanyId });
      if (rows.length > 0) afterCompanyId = lastServed(rows, afterCompanyId);
      rows.forEach(launch);
      return rows.length;
    };
    const urgent = await claim(free, { min: jobPriorities.normal, max: SMALLINT.max });
    const bulkRunning = [...running.values()].filter((job) => job.bulk).length;
    const bulkRoom = Math.min(settings.concurrency - running.size, bulkSlotsOf(settings.concurrency) - bulkRunning);
    const bulk = bulkRoom > 0 ? await claim(bulkRoom, { min: SMALLINT.min, max: jobPriorities.normal - 1 }) : 0;
    return urgent + bulk;
  };

  const claimNext = () => {
    claiming = claiming.catch(() => 0).then(claimBatch);
    return claiming;
  };

  const kick = () => {
    if (!started || closing || kickQueued) return;
    kickQueued = true;
    claiming = claiming
      .catch(() => 0)
      .then(() => {
        kickQueued = false;
        return claimBatch();
      });
    claiming.catch((error: unknown) => log.error({ err: error }, 'job claim failed'));
  };

  const prune = async () => {
    const pruned = await pruneFinishedJobs(db, settings.retentionHours);
    if (pruned > 0) log.info({ pruned }, 'finished jobs pruned');
    return pruned;
  };

  // Runs every job due now, and what those jobs enqueue, until none is left; answers how many
  // ran to completion meanwhile. Tests call it after moving their clock.
  const runDue = async () => {
    const before = handled;
    for (;;) {
      const endedBefore = ended;
      const claimed = await claimNext();
      // a job that ended while the claim ran (a retry it queued) may be due: claim again
      if (claimed === 0 && running.size === 0 && ended === endedBefore) return handled - before;
      if (running.size > 0) await Promise.race([...running.values()].map((job) => job.done));
    }
  };

  const start = async () => {
    started = true;
    if (deps.listen) unlisten = await deps.listen(JOBS_CHANNEL, kick);
    intervals.push(
      setInterval(kick, settings.pollMs),
      setInterval(() => void extendLeases(db, [...running.values()].map((job) => job.claim), settings.leaseSeconds).catch(() => undefined), (settings.leaseSeconds * 1000) / 3),
      setInterval(() => void prune().catch((error: unknown) => log.error({ err: error }, 'job pruning failed')), PRUNE_EVERY_MS),
    );
    kick();
    await prune();
  };

  // Stops claiming, lets running jobs finish until the deadline, then hands back the leases of
  // those still running so another process takes them at once.
  const stop = async () => {
    closing = true;
    intervals.forEach(clearInterval);
    await unlisten?.().catch(() => undefined);
    await claiming.catch(() => 0);
    let deadline: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...running.values()].map((job) => job.done)),
      new Promise((resolve) => {
        deadline = setTimeout(resolve, settings.shutdownMs);
      }),
    ]);
    clearTimeout(deadline);
    const unfinished = [...running.values()].map((job) => job.claim);
    if (unfinished.length > 0) {
      log.warn({ jobs: unfinished.map((claim) => claim.id) }, 'jobs still running at shutdown handed back');
      await releaseJobs(db, unfinished);
    }
  };

  return { register, runDue, prune, start, stop };
};

export type JobRunner = ReturnType<typeof createJobRunner>;

declare module 'fastify' {
  interface FastifyInstance {
    // the app's job runner; tests call jobs.runDue() after moving their clock
    jobs: JobRunner;
  }
}
