// Delivered and failed webhook deliveries are kept WEBHOOK_DELIVERY_RETENTION_DAYS (issue 37): one
// durable daily sweep on the job runner deletes those made before, in batches of a bounded size so
// no statement holds many rows locked at once, then enqueues the next day's run. A run's singleton
// key is its day, so a restart or a second process enqueueing the same day adds no second job.
import { z } from 'zod';
import { PLATFORM_COMPANY_ID } from '@atende/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { deleteFinishedDeliveriesBefore } from './webhooks.repo.ts';

const DAY_MS = 24 * 3600 * 1000;
const WEBHOOK_PRUNE_BATCH = 1000;

export const webhookPruneJob = defineJobKind({
  name: 'webhook.prune',
  payload: z.object({ companyId: z.number().int(), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  priority: 'bulk',
});

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

const enqueuePrune = (db: DbOrTx, day: string) =>
  enqueueJob(db, webhookPruneJob, { companyId: PLATFORM_COMPANY_ID, day }, { singletonKey: day, runAt: new Date(`${day}T00:00:00Z`) });

// Called at every start: today's sweep, unless one is already waiting.
export const scheduleWebhookPrune = (db: DbOrTx, clock: Clock) => enqueuePrune(db, dayOf(clock.now()));

export const registerWebhookPruneJob = (
  runner: Pick<JobRunner, 'register'>,
  deps: { db: DbOrTx; clock: Clock; retentionDays: number },
) => {
  runner.register(webhookPruneJob, {
    run: async () => {
      const now = deps.clock.now();
      const before = new Date(now.getTime() - deps.retentionDays * DAY_MS);
      let deleted = WEBHOOK_PRUNE_BATCH;
      while (deleted === WEBHOOK_PRUNE_BATCH) deleted = await deleteFinishedDeliveriesBefore(deps.db, before, WEBHOOK_PRUNE_BATCH);
      await enqueuePrune(deps.db, dayOf(new Date(now.getTime() + DAY_MS)));
    },
  });
};
