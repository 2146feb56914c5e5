// The job runner itself (issue 12 point 1): priorities, per-company fairness, per-key order,
// bounded concurrency, the retry cap and the failed state, payloads that no longer parse,
// pruning, stopping, and the per-kind figures /metrics reads.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { jobs } from '../../src/db/schema.ts';
import { JobFailure, type JobKind } from '../../src/platform/jobs/job-kind.ts';
import type { JobRunner } from '../../src/platform/jobs/job-runner.ts';
import { enqueueJob, jobStats, type EnqueueOptions } from '../../src/platform/jobs/jobs.repo.ts';
import { createCompany } from '../factories/company.factory.ts';
import { openTestDatabase } from '../helpers/test-database.ts';
import { gate, recorder, runnerOver, testKind, type TestPayload } from './support.ts';

let database: Database;
let companyA: number;
let companyB: number;
let companyC: number;
const started: JobRunner[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  companyA = (await createCompany(database.db)).company.id;
  companyB = (await createCompany(database.db)).company.id;
  companyC = (await createCompany(database.db)).company.id;
});
afterAll(async () => {
  for (const runner of started) await runner.stop();
  await database.close();
});

const enqueue = (kind: JobKind<TestPayload>, companyId: number, label: string, options: EnqueueOptions = {}) =>
  enqueueJob(database.db, kind, { companyId, label }, options);

const jobOf = async (kind: JobKind<TestPayload>, label: string) =>
  (await database.db.select().from(jobs).where(sql`${jobs.kind} = ${kind.name} and ${jobs.payload}->>'label' = ${label}`))[0];

const startedRunner = async (...args: Parameters<typeof runnerOver>) => {
  const runner = runnerOver(...args);
  started.push(runner);
  return runner;
};

describe('job runner: order of work (issue 12 point 1 priorities, fairness, per-connection order)', () => {
  it('an interactive job runs before normal and bulk work that was queued earlier', async () => {
    const kind = testKind();
    const seen = recorder();
    const runner = runnerOver(database, { concurrency: 1 });
    runner.register(kind, { run: async ({ label }) => seen.start(label) });
    for (const label of ['campaign 1', 'campaign 2', 'campaign 3']) await enqueue(kind, companyA, label, { priority: 'bulk' });
    await enqueue(kind, companyA, 'timer', { priority: 'normal' });
    await enqueue(kind, companyA, 'reply', { priority: 'interactive' });
    expect(await runner.runDue()).toBe(5);
    expect(seen.started).toEqual(['reply', 'timer', 'campaign 1', 'campaign 2', 'campaign 3']);
  });

  it("a campaign filling the slots leaves one for a reply: the reply runs while the campaign's jobs are still under way", async () => {
    const kind = testKind();
    const seen = recorder();
    const release = gate();
    const runner = await startedRunner(database, { concurrency: 4 });
    runner.register(kind, {
      run: async ({ label }) => {
        seen.start(label);
        if (label.startsWith('campaign')) await release.opened;
        seen.finish(label);
      },
    });
    await runner.start();
    for (let n = 1; n <= 6; n++) await enqueue(kind, companyA, `campaign ${n}`, { priority: 'bulk' });
    // bulk work takes three of the four slots
    await seen.reaches(() => seen.started.length === 3);
    await enqueue(kind, companyB, 'reply', { priority: 'interactive' });
    await seen.reaches(() => seen.finished.includes('reply'));
    expect(seen.finished).toEqual(['reply']);
    release.open();
    await seen.reaches(() => seen.finished.length === 7);
    expect(seen.maxActive()).toBe(4);
    expect(seen.started.filter((label) => label.startsWith('campaign')).slice(0, 3)).toEqual(['campaign 1', 'campaign 2', 'campaign 3']);
  });

  it("one company's long queue does not hold up other companies' jobs queued after it: companies take turns", async () => {
    const kind = testKind();
    const seen = recorder();
    const names = new Map([
      [companyA, 'A'],
      [companyB, 'B'],
      [companyC, 'C'],
    ]);
    const runner = runnerOver(database, { concurrency: 1 });
    runner.register(kind, { run: async ({ companyId, label }) => seen.start(`${names.get(companyId)} ${label}`) });
    for (let n = 1; n <= 20; n++) await enqueue(kind, companyA, `${n}`);
    await enqueue(kind, companyB, '1');
    await enqueue(kind, companyB, '2');
    await enqueue(kind, companyC, '1');
    expect(await runner.runDue()).toBe(23);
    expect(seen.started.slice(0, 6)).toEqual(['A 1', 'B 1', 'C 1', 'A 2', 'B 2', 'A 3']);
    expect(seen.started.filter((label) => label.startsWith('A'))).toEqual(Array.from({ length: 20 }, (_, n) => `A ${n + 1}`));
  });

  it('jobs with one ordering key run one at a time in the order they were queued, even across a retry; other keys go on meanwhile', async () => {
    const kind = testKind({ maxAttempts: 3 });
    const seen = recorder();
    let failedOnce = false;
    const runner = runnerOver(database, { concurrency: 4 });
    runner.register(kind, {
      run: async ({ label }) => {
        seen.start(label);
        try {
          if (label === 'contact 1' && !failedOnce) {
            failedOnce = true;
            throw new Error('provider down');
          }
        } finally {
          seen.finish(label);
        }
      },
    });
    for (let n = 1; n <= 4; n++) await enqueue(kind, companyA, `contact ${n}`, { orderingKey: 'outbound:1:1' });
    await enqueue(kind, companyA, 'other contact', { orderingKey: 'outbound:1:2' });
    await runner.runDue();
    const ordered = seen.finished.filter((label) => label.startsWith('contact'));
    expect(ordered).toEqual(['contact 1', 'contact 1', 'contact 2', 'contact 3', 'contact 4']);
    // the other key's job did not wait for the retry
    expect(seen.started.indexOf('other contact')).toBeLessThan(seen.started.indexOf('contact 2'));
  });
});

describe('job runner: bounded concurrency (issue 12 point 1)', () => {
  it('a slow job does not hold up the others, and no more than the configured number run at once', async () => {
    const kind = testKind();
    const seen = recorder();
    const slow = gate();
    const runner = await startedRunner(database, { concurrency: 2 });
    runner.register(kind, {
      run: async ({ label }) => {
        seen.start(label);
        if (label === 'slow provider') await slow.opened;
        seen.finish(label);
      },
    });
    await runner.start();
    await enqueue(kind, companyA, 'slow provider');
    await seen.reaches(() => seen.started.includes('slow provider'));
    for (let n = 1; n <= 5; n++) await enqueue(kind, companyB, `reply ${n}`);
    await seen.reaches(() => seen.finished.length === 5);
    expect(seen.finished).toEqual(['reply 1', 'reply 2', 'reply 3', 'reply 4', 'reply 5']);
    slow.open();
    await seen.reaches(() => seen.finished.includes('slow provider'));
    expect(seen.maxActive()).toBe(2);
  });
});

describe('job runner: failures (issue 12 point 1 retry cap, failed state, bad input)', () => {
  it('retries with backoff up to the kind cap, then keeps the job as failed with its last error', async () => {
    const kind = testKind({ maxAttempts: 3 });
    let calls = 0;
    const runner = runnerOver(database);
    runner.register(kind, {
      run: async () => {
        calls++;
        throw new Error(`provider down (${calls})`);
      },
    });
    await enqueue(kind, companyA, 'doomed');
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(await jobOf(kind, 'doomed')).toMatchObject({ state: 'failed', attempts: 3, lastError: 'provider down (3)' });
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('waits out the backoff on the database clock between attempts', async () => {
    const kind = testKind({ maxAttempts: 5, backoff: { baseSeconds: 3600, maxSeconds: 3600 } });
    let calls = 0;
    const runner = runnerOver(database);
    runner.register(kind, {
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('provider down');
      },
    });
    await enqueue(kind, companyA, 'later');
    await runner.runDue();
    const waiting = await jobOf(kind, 'later');
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'provider down' });
    expect(waiting.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
    expect(calls).toBe(1);
    await database.db.update(jobs).set({ lockedUntil: sql`now()` }).where(eq(jobs.id, waiting.id));
    expect(await runner.runDue()).toBe(1);
    expect(await jobOf(kind, 'later')).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('the kind hears that a job gave up, after its last attempt threw and when the leases of its attempts ran out, and not when it succeeded', async () => {
    const kind = testKind({ maxAttempts: 2 });
    const gaveUp: string[] = [];
    const runner = runnerOver(database);
    runner.register(kind, {
      run: async ({ label }) => {
        if (label !== 'fine') throw new Error(`down (${label})`);
      },
      gaveUp: async ({ label }, reason) => {
        gaveUp.push(`${label}: ${reason}`);
      },
    });
    await enqueue(kind, companyA, 'thrown');
    await enqueue(kind, companyA, 'fine');
    // a process that died on each attempt: the claim finds the attempts already used
    await enqueue(kind, companyA, 'orphaned');
    await database.db.update(jobs).set({ attempts: kind.maxAttempts }).where(eq(jobs.id, (await jobOf(kind, 'orphaned')).id));
    await runner.runDue();
    expect(gaveUp.sort()).toEqual(['orphaned: gave up after 2 attempts; leases ran out', 'thrown: down (thrown)']);
    expect(await jobOf(kind, 'orphaned')).toMatchObject({ state: 'failed' });
    expect(await jobOf(kind, 'fine')).toMatchObject({ state: 'completed' });
  });

  it('a JobFailure fails the job at once', async () => {
    const kind = testKind({ maxAttempts: 10 });
    const runner = runnerOver(database);
    runner.register(kind, {
      run: async () => {
        throw new JobFailure('no provider for channel telex');
      },
    });
    await enqueue(kind, companyA, 'hopeless');
    await runner.runDue();
    expect(await jobOf(kind, 'hopeless')).toMatchObject({ state: 'failed', attempts: 1, lastError: 'no provider for channel telex' });
  });

  it('a payload that no longer parses goes straight to failed with the validation error; the jobs behind it still run', async () => {
    const kind = testKind();
    const seen = recorder();
    const runner = runnerOver(database);
    runner.register(kind, { run: async ({ label }) => seen.start(label) });
    await enqueue(kind, companyA, 'old shape', { orderingKey: 'outbound:7:7' });
    await enqueue(kind, companyA, 'next', { orderingKey: 'outbound:7:7' });
    const old = await jobOf(kind, 'old shape');
    await database.db.update(jobs).set({ payload: { companyId: companyA, label: 42 } }).where(eq(jobs.id, old.id));
    expect(await runner.runDue()).toBe(1);
    expect(seen.started).toEqual(['next']);
    const failed = (await database.db.select().from(jobs).where(eq(jobs.id, old.id)))[0];
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toMatch(/invalid payload/);
    expect(failed.lastError).toMatch(/label/);
  });
});

describe('job runner: housekeeping (issue 12 point 1 retention, SIGTERM, metrics)', () => {
  it('prunes completed and failed jobs older than the retention, and nothing else', async () => {
    const kind = testKind();
    const runner = runnerOver(database, { retentionHours: 24 });
    runner.register(kind, { run: async () => undefined });
    for (const label of ['old done', 'recent done', 'old failed', 'waiting']) await enqueue(kind, companyA, label, { runAt: new Date('2999-01-01') });
    const ids = Object.fromEntries(await Promise.all(['old done', 'recent done', 'old failed', 'waiting'].map(async (label) => [label, (await jobOf(kind, label)).id])));
    const finish = (id: number, state: 'completed' | 'failed', hoursAgo: number) =>
      database.db.update(jobs).set({ state, finishedAt: sql`now() - make_interval(hours => ${hoursAgo})` }).where(eq(jobs.id, id));
    await finish(ids['old done'], 'completed', 25);
    await finish(ids['recent done'], 'completed', 23);
    await finish(ids['old failed'], 'failed', 25);
    expect(await runner.prune()).toBeGreaterThanOrEqual(2);
    const left = await database.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, Object.values(ids)));
    expect(left.map((row) => row.id).sort()).toEqual([ids['recent done'], ids.waiting].sort());
  });

  it('a kind that keeps no record of its runs has each completed run deleted, by either kind of handler; a failed one is kept', async () => {
    const plain = testKind({ keepWhenDone: false, maxAttempts: 1 });
    const transactional = testKind({ keepWhenDone: false });
    const kept = testKind();
    const runner = runnerOver(database);
    runner.register(plain, {
      run: async ({ label }) => {
        if (label === 'fails') throw new Error('no');
      },
    });
    runner.register(transactional, { runInTransaction: async () => undefined });
    runner.register(kept, { run: async () => undefined });
    for (const label of ['done', 'fails']) await enqueue(plain, companyA, label);
    await enqueue(transactional, companyA, 'done');
    await enqueue(kept, companyA, 'done');
    expect(await runner.runDue()).toBe(3);
    expect(await jobOf(plain, 'done')).toBeUndefined();
    expect((await jobOf(plain, 'fails'))?.state).toBe('failed');
    expect(await jobOf(transactional, 'done')).toBeUndefined();
    expect((await jobOf(kept, 'done'))?.state).toBe('completed');
  });

  it('stop waits for a running job to finish within the deadline', async () => {
    const kind = testKind();
    const release = gate();
    const seen = recorder();
    const runner = runnerOver(database, { shutdownMs: 60_000 });
    runner.register(kind, {
      run: async ({ label }) => {
        seen.start(label);
        await release.opened;
      },
    });
    await runner.start();
    await enqueue(kind, companyA, 'finishing');
    await seen.reaches(() => seen.started.length === 1);
    const stopping = runner.stop();
    release.open();
    await stopping;
    expect(await jobOf(kind, 'finishing')).toMatchObject({ state: 'completed' });
  });

  it('stop hands back the lease of a job still running at the deadline, so another process takes it at once', async () => {
    const kind = testKind();
    const release = gate();
    const seen = recorder();
    const runner = runnerOver(database, { shutdownMs: 0 });
    runner.register(kind, {
      run: async ({ label }) => {
        seen.start(label);
        await release.opened;
        seen.finish(label);
      },
    });
    await runner.start();
    await enqueue(kind, companyA, 'interrupted');
    await seen.reaches(() => seen.started.length === 1);
    await runner.stop();
    expect(await jobOf(kind, 'interrupted')).toMatchObject({ state: 'waiting', lockedUntil: null, claimToken: null });
    // the interrupted run ends later; its outcome is no longer its to record
    release.open();
    await seen.reaches(() => seen.finished.length === 1);
    const next = runnerOver(database);
    next.register(kind, { run: async ({ label }) => seen.start(`again: ${label}`) });
    expect(await next.runDue()).toBe(1);
    expect(await jobOf(kind, 'interrupted')).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('jobStats gives per kind the jobs waiting, running and failed, and the age of the oldest due waiting job', async () => {
    const kind = testKind();
    for (const label of ['w1', 'w2', 'r', 'f', 'future']) await enqueue(kind, companyA, label, label === 'future' ? { runAt: new Date('2999-01-01') } : {});
    await database.db.update(jobs).set({ createdAt: sql`now() - interval '90 seconds'` }).where(eq(jobs.id, (await jobOf(kind, 'w1')).id));
    await database.db.update(jobs).set({ state: 'running' }).where(eq(jobs.id, (await jobOf(kind, 'r')).id));
    await database.db.update(jobs).set({ state: 'failed', finishedAt: sql`now()` }).where(eq(jobs.id, (await jobOf(kind, 'f')).id));
    const stats = (await jobStats(database.db)).find((row) => row.kind === kind.name);
    expect(stats).toMatchObject({ kind: kind.name, waiting: 3, running: 1, failed: 1 });
    expect(stats!.oldestWaitingSeconds).toBeGreaterThanOrEqual(90);
    expect(stats!.oldestWaitingSeconds).toBeLessThan(3600);
  });
});
