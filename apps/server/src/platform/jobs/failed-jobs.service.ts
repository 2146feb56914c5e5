// The super admin's hand on jobs that gave up (issue 12): list the failed ones, retry one (back
// in the queue with its attempts counted afresh), or discard it.
import { FAILED_JOBS_PAGE_SIZE, type FailedJobsPage, type FailedJobsQuery, type JobView } from '@atende/shared/jobs';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../errors.ts';
import { discardFailedJob, listFailedJobs, retryFailedJob, type JobViewRow } from './jobs.repo.ts';

const toJobView = (row: JobViewRow): JobView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export const createFailedJobsService = (deps: { db: Db }) => ({
  list: async (query: FailedJobsQuery): Promise<FailedJobsPage> => {
    const offset = (query.pageNumber - 1) * FAILED_JOBS_PAGE_SIZE;
    const { rows, count } = await listFailedJobs(deps.db, { limit: FAILED_JOBS_PAGE_SIZE, offset, kind: query.kind });
    return { jobs: rows.map(toJobView), count, hasMore: offset + rows.length < count };
  },

  retry: async (jobId: number) => {
    const retried = await retryFailedJob(deps.db, jobId);
    if (!retried) throw notFound();
    if (retried === 'taken') throw new AppError('ERR_JOB_SUPERSEDED', 409);
    return toJobView(retried);
  },

  discard: async (jobId: number) => {
    if (!(await discardFailedJob(deps.db, jobId))) throw notFound();
  },
});

export type FailedJobsService = ReturnType<typeof createFailedJobsService>;
