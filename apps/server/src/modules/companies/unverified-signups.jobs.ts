// A public sign-up whose email is not verified within UNVERIFIED_SIGNUP_TTL_MS is removed (issue 38
// point 3): an hourly sweep on the job runner deletes each such company (with everything it holds)
// in its own transaction with its audit entry, removes its files, then enqueues the next hour's
// run. A run's singleton key is its hour, so a restart or a second process adds no second job.
import { z } from 'zod';
import { PLATFORM_COMPANY_ID } from '@atende/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import type { Storage } from '../../platform/storage.ts';
import { listUnverifiedCompaniesBefore } from './signup-verification.repo.ts';
import { removeUnverifiedCompany, UNVERIFIED_SIGNUP_TTL_MS } from './signup-verification.steps.ts';

const HOUR_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;
// the audit log names the sweep itself as the actor
const sweepActor = { userId: null, label: 'system' };

export const unverifiedSignupsSweepJob = defineJobKind({
  name: 'company.removeUnverified',
  payload: z.object({ companyId: z.number().int(), hour: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/) }),
  priority: 'bulk',
});

const hourOf = (at: Date) => at.toISOString().slice(0, 13);

const enqueueSweep = (db: DbOrTx, hour: string) =>
  enqueueJob(db, unverifiedSignupsSweepJob, { companyId: PLATFORM_COMPANY_ID, hour }, { singletonKey: hour, runAt: new Date(`${hour}:00:00Z`) });

// Called at every start: this hour's sweep, unless one is already waiting.
export const scheduleUnverifiedSignupsSweep = (db: DbOrTx, clock: Clock) => enqueueSweep(db, hourOf(clock.now()));

export const registerUnverifiedSignupsSweepJob = (runner: Pick<JobRunner, 'register'>, deps: { db: DbOrTx; clock: Clock; storage: Storage }) => {
  runner.register(unverifiedSignupsSweepJob, {
    run: async () => {
      const now = deps.clock.now();
      const before = new Date(now.getTime() - UNVERIFIED_SIGNUP_TTL_MS);
      for (;;) {
        const stale = await listUnverifiedCompaniesBefore(deps.db, before, SWEEP_BATCH);
        for (const company of stale) {
          // one verified meanwhile is no longer listed; one removed meanwhile answers false
          if (await withTransaction(deps.db, (tx) => removeUnverifiedCompany(tx, company, sweepActor))) await deps.storage.removeCompany(company.id);
        }
        if (stale.length < SWEEP_BATCH) break;
      }
      await enqueueSweep(deps.db, hourOf(new Date(now.getTime() + HOUR_MS)));
    },
  });
};
