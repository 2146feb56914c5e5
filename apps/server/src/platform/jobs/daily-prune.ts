// A retention sweep: one durable daily job on the job runner deletes the rows made before the
// retention's limit, in batches of a bounded size so no statement holds many rows locked at once,
// then enqueues the next day's run. A run's singleton key is its day, so a restart or a second
// process enqueueing the same day adds no second job. Webhook deliveries, the audit log and the
// copilot's calls use it.
import { z } from 'zod';
import { PLATFORM_COMPANY_ID } from '@atende/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { defineJobKind } from './job-kind.ts';
import type { JobRunner } from './job-runner.ts';
import { enqueueJob } from './jobs.repo.ts';

const DAY_MS = 24 * 3600 * 1000;
const PRUNE_BATCH = 1000;

// deletes at most `limit` rows made before `before`, answering how many it deleted
export type DeleteBatchBefore = (db: DbOrTx, before: Date, limit: number) => Promise<number>;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

// how long rows are kept: a number of days, or from a moment the table's own rule names (whole months)
export type Retention = { retentionDays: number } | { keepFrom: (now: Date) => Date };

export const defineDailyPrune = (name: string, deleteBatchBefore: DeleteBatchBefore) => {
  const job = defineJobKind({
    name,
    payload: z.object({ companyId: z.number().int(), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
    priority: 'bulk',
  });

  const enqueuePrune = (db: DbOrTx, day: string) =>
    enqueueJob(db, job, { companyId: PLATFORM_COMPANY_ID, day }, { singletonKey: day, runAt: new Date(`${day}T00:00:00Z`) });

  return {
    job,
    // called at every start: today's sweep, unless one is already waiting
    schedule: (db: DbOrTx, clock: Clock) => enqueuePrune(db, dayOf(clock.now())),
    register: (runner: Pick<JobRunner, 'register'>, deps: { db: DbOrTx; clock: Clock } & Retention) => {
      runner.register(job, {
        run: async () => {
          const now = deps.clock.now();
          const before = 'keepFrom' in deps ? deps.keepFrom(now) : new Date(now.getTime() - deps.retentionDays * DAY_MS);
          let deleted = PRUNE_BATCH;
          while (deleted === PRUNE_BATCH) deleted = await deleteBatchBefore(deps.db, before, PRUNE_BATCH);
          await enqueuePrune(deps.db, dayOf(new Date(now.getTime() + DAY_MS)));
        },
      });
    },
  };
};
