// Small pieces for the job runner's tests: runners over the test database, test kinds, gates a
// handler waits on, and a recorder of what handlers did, awaited by event rather than by time.
import { z } from 'zod';
import type { Database } from '../../src/db/client.ts';
import { manualClock, type Clock } from '../../src/platform/clock.ts';
import { defineJobKind, type JobKind } from '../../src/platform/jobs/job-kind.ts';
import { createJobRunner, type JobRunnerSettings } from '../../src/platform/jobs/job-runner.ts';

export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

export const testPayload = z.object({ companyId: z.number().int().positive(), label: z.string() });
export type TestPayload = z.infer<typeof testPayload>;

let kinds = 0;
// A fresh kind name per test: a runner claims only the kinds it knows, so tests stay apart.
export const testKind = (overrides: Partial<Omit<JobKind<TestPayload>, 'name' | 'payload'>> = {}) =>
  defineJobKind({ name: `test.kind${++kinds}`, payload: testPayload, backoff: { baseSeconds: 0, maxSeconds: 0 }, ...overrides });

export const runnerOver = (database: Database, settings: Partial<JobRunnerSettings> = {}, clock: Clock = manualClock('2026-03-02T12:00:00Z')) =>
  createJobRunner({
    db: database.db,
    clock,
    log: silentLog,
    listen: database.listen,
    settings: { concurrency: 4, pollMs: 3_600_000, retentionHours: 24, shutdownMs: 10_000, leaseSeconds: 60, ...settings },
  });

export const gate = () => {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

// Records labels as handlers start and end; `reaches` resolves once a condition on them holds.
export const recorder = () => {
  const started: string[] = [];
  const finished: string[] = [];
  let active = 0;
  let maxActive = 0;
  const waiters: { done: () => boolean; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (!waiter.done()) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  return {
    started,
    finished,
    maxActive: () => maxActive,
    start: (label: string) => {
      started.push(label);
      active++;
      maxActive = Math.max(maxActive, active);
      settle();
    },
    finish: (label: string) => {
      finished.push(label);
      active--;
      settle();
    },
    reaches: (done: () => boolean) =>
      new Promise<void>((resolve) => {
        waiters.push({ done, resolve });
        settle();
      }),
  };
};
