// Failed jobs for the super admin (failed-jobs.service.ts): list, retry, discard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failedJobsQuery, jobIdParams } from '@atende/shared/jobs';
import type { FailedJobsService } from './failed-jobs.service.ts';

export const failedJobsRoutes = (failedJobs: FailedJobsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/jobs/failed', { config: { access: 'super' }, schema: { querystring: failedJobsQuery } }, async (request) => failedJobs.list(request.query));

  app.post('/jobs/:jobId/retry', { config: { access: 'super' }, schema: { params: jobIdParams } }, async (request) => failedJobs.retry(request.params.jobId));

  app.delete('/jobs/:jobId', { config: { access: 'super' }, schema: { params: jobIdParams } }, async (request, reply) => {
    await failedJobs.discard(request.params.jobId);
    return reply.status(204).send();
  });
};
