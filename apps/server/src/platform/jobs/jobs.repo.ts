// The jobs table (db/schema/jobs.ts): enqueue in the caller's transaction, claim with a lease,
// finish, retry later or fail, prune, and what the super admin and /metrics read.
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { jobPriorities, type JobKind, type JobPayload, type JobPriority } from './job-kind.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobClaim = { id: number; claimToken: string };

// The notification channel runners listen on; a notify sent inside a transaction arrives at commit.
export const JOBS_CHANNEL = 'jobs';

const unfinished = sql`${jobs.state} in ('waiting', 'running')`;
const singletonTarget = sql`${jobs.state} in ('waiting', 'running') and ${jobs.singletonKey} is not null`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

export const wakeRunners = (db: DbOrTx) => db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);

export type EnqueueOptions = {
  // due time from the caller's clock (platform/clock.ts); without it the job is due at once
  runAt?: Date;
  priority?: JobPriority;
  // a job does not start while an earlier unfinished job with the same key exists
  orderingKey?: string;
  // one unfinished job per kind and key: enqueueing again moves it (payload, due time) and
  // starts its attempts over
  singletonKey?: string;
};

export const enqueueJob = async <P extends JobPayload>(db: DbOrTx, kind: JobKind<P>, payload: P, options: EnqueueOptions = {}) => {
  const values = {
    kind: kind.name,
    companyId: payload.companyId,
    payload: kind.payload.parse(payload) as Record<string, unknown>,
    priority: jobPriorities[options.priority ?? kind.priority],
    orderingKey: options.orderingKey ?? null,
    singletonKey: options.singletonKey ?? null,
    runAt: options.runAt ?? null,
  };
  const insert = db.insert(jobs).values(values);
  await (options.singletonKey === undefined
    ? insert
    : insert.onConflictDoUpdate({
        target: [jobs.kind, jobs.singletonKey],
        targetWhere: singletonTarget,
        set: { ...values, state: 'waiting', lockedUntil: null, claimToken: null, attempts: 0, lastError: null },
      }));
  await wakeRunners(db);
};

// Deletes the unfinished jobs of these kinds with this singleton key; a run already under way
// finds its job gone and records nothing.
export const cancelJobs = (db: DbOrTx, kindNames: readonly string[], singletonKey: string) =>
  db.delete(jobs).where(and(inArray(jobs.kind, [...kindNames]), eq(jobs.singletonKey, singletonKey), unfinished));

export const findUnfinishedJob = async (db: DbOrTx, kindName: string, singletonKey: string) =>
  (await db.select().from(jobs).where(and(eq(jobs.kind, kindName), eq(jobs.singletonKey, singletonKey), unfinished)))[0];

// An extra condition on each candidate row (`jobs` unaliased), e.g. work another process owns.
export type ClaimCondition = SQL;

export type ClaimRequest = {
  limit: number;
  // kinds this process has handlers for: a kind it does not know is left to those that do
  kinds: string[];
  priorities: { min: number; max: number };
  // the application's clock
  now: Date;
  leaseSeconds: number;
  claimToken: string;
  where?: ClaimCondition;
  // the rotation among companies starts after this company id (the last one served)
  afterCompanyId: number;
};

export type ClaimedJob = Pick<JobRow, 'id' | 'kind' | 'companyId' | 'payload' | 'priority' | 'attempts' | 'claimToken' | 'lastError'>;

// Claims due jobs for a lease. Fairness: each company with due work offers its next jobs in
// priority order; the batch takes every company's first before anyone's second, companies taken
// in turn from the one after the last served, so one company's campaign does not delay
// another's replies. Order: a job waits while an earlier job
// with its ordering key is unfinished (waiting, running, or retrying later). The pick is a
// materialized CTE: as an IN subquery it could be evaluated again per row and claim past the limit.
export const claimJobs = async (db: Db, request: ClaimRequest): Promise<ClaimedJob[]> => {
  if (request.limit <= 0 || request.kinds.length === 0) return [];
  const now = sql`${request.now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with recursive companies_with_work(company_id) as (
      (select j.company_id from "jobs" j where j.state in ('waiting', 'running') order by j.company_id limit 1)
      union all
      select (select j.company_id from "jobs" j where j.state in ('waiting', 'running') and j.company_id > c.company_id order by j.company_id limit 1)
      from companies_with_work c where c.company_id is not null
    ),
    candidates as (
      select due.id, due.company_id, due.priority, row_number() over (partition by due.company_id order by due.priority desc, due.id) as turn
      from companies_with_work c
      cross join lateral (
        select "jobs"."id", "jobs"."company_id", "jobs"."priority" from "jobs"
        where "jobs"."company_id" = c.company_id
          and "jobs"."state" in ('waiting', 'running')
          and "jobs"."priority" between ${request.priorities.min} and ${request.priorities.max}
          and "jobs"."kind" in ${request.kinds}
          and ("jobs"."run_at" is null or "jobs"."run_at" <= ${now})
          and ("jobs"."locked_until" is null or "jobs"."locked_until" <= now())
          and ("jobs"."ordering_key" is null or not exists (
            select 1 from "jobs" earlier
            where earlier.ordering_key = "jobs"."ordering_key" and earlier.id < "jobs"."id" and earlier.state in ('waiting', 'running')))
          and ${request.where ?? sql`true`}
        order by "jobs"."priority" desc, "jobs"."id"
        limit ${request.limit}
      ) due
      where c.company_id is not null
    ),
    picked as materialized (
      select j.id from "jobs" j join candidates on candidates.id = j.id
      where j.state in ('waiting', 'running') and (j.locked_until is null or j.locked_until <= now())
      order by candidates.priority desc, candidates.turn, candidates.company_id <= ${request.afterCompanyId}, candidates.company_id, j.id
      limit ${request.limit}
      for update of j skip locked
    )
    update "jobs" set
      state = 'running',
      locked_until = now() + make_interval(secs => ${request.leaseSeconds}),
      attempts = "jobs".attempts + 1,
      claim_token = ${request.claimToken}
    from picked
    where "jobs".id = picked.id and "jobs".state in ('waiting', 'running') and ("jobs".locked_until is null or "jobs".locked_until <= now())
    returning "jobs".id::float8 as "id", "jobs".kind as "kind", "jobs".company_id as "companyId", "jobs".payload as "payload",
      "jobs".priority as "priority", "jobs".attempts as "attempts", "jobs".claim_token as "claimToken", "jobs".last_error as "lastError"`);
  return rowsOf<ClaimedJob>(result);
};

const heldBy = (claim: JobClaim) => and(eq(jobs.id, claim.id), eq(jobs.claimToken, claim.claimToken), eq(jobs.state, 'running'));

// Answers false when the claim was lost (the job moved, was cancelled, or its lease ran out and
// another run took it): that run's outcome is not this one's to record.
// A kind that keeps no record of its runs (keepWhenDone false) has its row deleted instead.
export const completeJob = async (db: DbOrTx, claim: JobClaim, keep = true) => {
  const done = keep
    ? await db.update(jobs).set({ state: 'completed', finishedAt: sql`now()`, lockedUntil: null, claimToken: null }).where(heldBy(claim)).returning({ id: jobs.id })
    : await db.delete(jobs).where(heldBy(claim)).returning({ id: jobs.id });
  return done.length > 0;
};

// Runs `work` in the transaction that marks the job completed, after `lockFirst` took its locks;
// ran is false, and nothing done, when the claim was lost meanwhile.
export const completeJobWith = <T>(
  db: Db,
  claim: JobClaim,
  steps: { keep: boolean; lockFirst?: (tx: Tx) => Promise<unknown>; work: (tx: Tx) => Promise<T> },
) =>
  db.transaction(async (tx) => {
    await steps.lockFirst?.(tx);
    if (!(await completeJob(tx, claim, steps.keep))) return { ran: false as const };
    return { ran: true as const, result: await steps.work(tx) };
  });

export const retryJobLater = (db: DbOrTx, claim: JobClaim, delaySeconds: number, error: string) =>
  db
    .update(jobs)
    .set({
      state: 'waiting',
      lockedUntil: sql`now() + make_interval(secs => ${delaySeconds})`,
      claimToken: null,
      lastError: error.slice(0, 2000),
    })
    .where(heldBy(claim));

// False when the claim was lost meanwhile (another process holds the job now).
export const failJob = async (db: DbOrTx, claim: JobClaim, error: string) =>
  (
    await db
      .update(jobs)
      .set({ state: 'failed', finishedAt: sql`now()`, lockedUntil: null, claimToken: null, lastError: error.slice(0, 2000) })
      .where(heldBy(claim))
      .returning({ id: jobs.id })
  ).length > 0;

// A stopping process hands back the jobs it could not finish, so others need not wait for the lease.
export const releaseJobs = (db: DbOrTx, claims: JobClaim[]) =>
  Promise.all(claims.map((claim) => db.update(jobs).set({ state: 'waiting', lockedUntil: null, claimToken: null }).where(heldBy(claim))));

export const extendLeases = (db: DbOrTx, claims: JobClaim[], leaseSeconds: number) =>
  Promise.all(
    claims.map((claim) => db.update(jobs).set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` }).where(heldBy(claim))),
  );

export const pruneFinishedJobs = async (db: DbOrTx, retentionHours: number) =>
  (
    await db
      .delete(jobs)
      .where(and(sql`${jobs.state} in ('completed', 'failed')`, sql`${jobs.finishedAt} < now() - make_interval(hours => ${retentionHours})`))
      .returning({ id: jobs.id })
  ).length;

export type JobKindStats = { kind: string; waiting: number; running: number; failed: number; oldestWaitingSeconds: number };

// Per kind: jobs waiting, running and failed, and how long the oldest due waiting job has waited
// (from its due time, or its creation when it was due at once), on the database clock.
export const jobStats = async (db: DbOrTx): Promise<JobKindStats[]> => {
  const rows = rowsOf<{ kind: string; waiting: number; running: number; failed: number; oldest: number | null }>(
    await db.execute(sql`
      select ${jobs.kind} as kind,
        count(*) filter (where ${jobs.state} = 'waiting')::int as waiting,
        count(*) filter (where ${jobs.state} = 'running')::int as running,
        count(*) filter (where ${jobs.state} = 'failed')::int as failed,
        extract(epoch from now() - min(coalesce(${jobs.runAt}, ${jobs.createdAt}))
          filter (where ${jobs.state} = 'waiting' and coalesce(${jobs.runAt}, ${jobs.createdAt}) <= now()))::float8 as oldest
      from ${jobs} where ${jobs.state} <> 'completed'
      group by ${jobs.kind} order by ${jobs.kind}`),
  );
  return rows.map((row) => ({
    kind: row.kind,
    waiting: Number(row.waiting),
    running: Number(row.running),
    failed: Number(row.failed),
    oldestWaitingSeconds: Math.max(0, Math.floor(Number(row.oldest ?? 0))),
  }));
};

const viewColumns = {
  id: jobs.id,
  kind: jobs.kind,
  companyId: jobs.companyId,
  state: jobs.state,
  payload: jobs.payload,
  attempts: jobs.attempts,
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
  finishedAt: jobs.finishedAt,
};

export type JobViewRow = Pick<JobRow, keyof typeof viewColumns>;

export const listFailedJobs = async (db: DbOrTx, page: { limit: number; offset: number; kind?: string }) => {
  const where = and(eq(jobs.state, 'failed'), page.kind === undefined ? undefined : eq(jobs.kind, page.kind));
  const [rows, [total]] = await Promise.all([
    db.select(viewColumns).from(jobs).where(where).orderBy(desc(jobs.finishedAt), desc(jobs.id)).limit(page.limit).offset(page.offset),
    db.select({ count: count() }).from(jobs).where(where),
  ]);
  return { rows, count: total.count };
};

// Puts a failed job back in the queue with its attempts counted afresh; undefined when there is
// no such failed job, 'taken' when an unfinished job already holds its singleton key.
export const retryFailedJob = async (db: Db, jobId: number) =>
  db.transaction(async (tx) => {
    const [failed] = await tx.select().from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.state, 'failed'))).for('update');
    if (!failed) return undefined;
    if (failed.singletonKey !== null && (await findUnfinishedJob(tx, failed.kind, failed.singletonKey))) return 'taken' as const;
    const [row] = await tx
      .update(jobs)
      .set({ state: 'waiting', attempts: 0, finishedAt: null, lockedUntil: null, claimToken: null })
      .where(eq(jobs.id, jobId))
      .returning(viewColumns);
    await wakeRunners(tx);
    return row;
  });

export const discardFailedJob = async (db: DbOrTx, jobId: number) =>
  (await db.delete(jobs).where(and(eq(jobs.id, jobId), eq(jobs.state, 'failed'))).returning({ id: jobs.id })).length > 0;
