// The folder-stats job (03-saas §2 Companies screen: folder size, file count, last folder update):
// one per company, measuring its upload folder now and again every FOLDER_STATS_EVERY_MS. It is
// enqueued with the company (companies.steps.ts provisionCompany) and enqueues its next run in the
// transaction that records this one, so exactly one stays queued; a deleted company's job takes
// its rows with it (jobs cascade from companies).
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import type { Storage } from '../../platform/storage.ts';
import { saveFolderStats } from './companies.repo.ts';

export const FOLDER_STATS_EVERY_MS = 60 * 60 * 1000;

export const folderStatsJob = defineJobKind({
  name: 'company.folderStats',
  payload: z.object({ companyId: z.number().int().positive() }),
  priority: 'bulk',
});

export const scheduleFolderStats = (db: DbOrTx, companyId: number, runAt?: Date) =>
  enqueueJob(db, folderStatsJob, { companyId }, { runAt, singletonKey: String(companyId) });

export const registerFolderStatsJob = (runner: Pick<JobRunner, 'register'>, deps: { storage: Storage; clock: Clock }) =>
  runner.register(folderStatsJob, {
    runInTransaction: async (tx, { companyId }) => {
      const stats = await deps.storage.folderStats(companyId);
      if (!(await saveFolderStats(tx, companyId, stats))) return;
      await scheduleFolderStats(tx, companyId, new Date(deps.clock.now().getTime() + FOLDER_STATS_EVERY_MS));
    },
  });
