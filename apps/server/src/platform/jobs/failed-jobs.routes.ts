// The super admin's hand on jobs that gave up (issue 12): list the failed ones, retry one (back
// in the queue with its attempts counted afresh), or discard it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FAILED_JOBS_PAGE_SIZE, failedJobsQuery, jobIdParams, type FailedJobsPage, type JobView } from '@atende/shared/jobs';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../errors.ts';
import { discardFailedJob, listFailedJobs, retryFailedJob, type JobViewRow } from './jobs.repo.ts';

const toJobView = (row: JobViewRow): JobView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export const failedJobsRoutes = (deps: { db: Db }): FastifyPluginAsyncZod => async (app) => {
  app.get('/jobs/failed', { config: { access: 'super' }, schema: { querystring: failedJobsQuery } }, async (request): Promise<FailedJobsPage> => {
    const { pageNumber, kind } = request.query;
    const offset = (pageNumber - 1) * FAILED_JOBS_PAGE_SIZE;
    const { rows, count } = await listFailedJobs(deps.db, { limit: FAILED_JOBS_PAGE_SIZE, offset, kind });
    return { jobs: rows.map(toJobView), count, hasMore: offset + rows.length < count };
  });

  app.post('/jobs/:jobId/retry', { config: { access: 'super' }, schema: { params: jobIdParams } }, async (request) => {
    const retried = await retryFailedJob(deps.db, request.params.jobId);
    if (!retried) throw notFound();
    if (retried === 'taken') throw new AppError('ERR_JOB_SUPERSEDED', 409);
    return toJobView(retried);
  });

  app.delete('/jobs/:jobId', { config: { access: 'super' }, schema: { params: jobIdParams } }, async (request, reply) => {
    if (!(await discardFailedJob(deps.db, request.params.jobId))) throw notFound();
    return reply.status(204).send();
  });
};
