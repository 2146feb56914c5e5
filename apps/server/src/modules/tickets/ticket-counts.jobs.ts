// One job folds the ticket count changes into the counts every few seconds (ticket-counts.repo.ts)
// and enqueues its next run; a count is exact without it, and cheap while the changes are few.
// The chain has one singleton key: a start enqueues it, or moves the waiting run, so restarts and
// other processes add no second chain. Its runs leave no rows behind (keepWhenDone).
import { z } from 'zod';
import { PLATFORM_COMPANY_ID } from '@atende/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { dropEmptyTicketCounts, foldTicketCountChanges } from './ticket-counts.repo.ts';

const FOLD_EVERY_MS = 5_000;

export const ticketCountsFoldJob = defineJobKind({
  name: 'tickets.counts-fold',
  payload: z.object({ companyId: z.number().int() }),
  keepWhenDone: false,
});

export const scheduleTicketCountsFold = (db: DbOrTx, runAt?: Date) =>
  enqueueJob(db, ticketCountsFoldJob, { companyId: PLATFORM_COMPANY_ID }, { singletonKey: 'fold', runAt });

export const registerTicketCountsFoldJob = (runner: Pick<JobRunner, 'register'>, deps: { clock: Clock }) => {
  runner.register(ticketCountsFoldJob, {
    // the run's own row is gone by now (completed first, in this transaction), so the next one
    // can take the singleton key
    runInTransaction: async (tx) => {
      await foldTicketCountChanges(tx);
      await dropEmptyTicketCounts(tx);
      await scheduleTicketCountsFold(tx, new Date(deps.clock.now().getTime() + FOLD_EVERY_MS));
    },
  });
};
