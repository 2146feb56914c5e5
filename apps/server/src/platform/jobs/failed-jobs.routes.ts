// Failed jobs for the super admin (failed-jobs.service.ts): list, retry, discard.
import { failedJobsEndpoints } from '@atende/shared/jobs';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../endpoint-routes.ts';
import type { FailedJobsService } from './failed-jobs.service.ts';

const superAdmin = { access: 'super' } as const;

export const failedJobsRoutes = (failedJobs: FailedJobsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, failedJobsEndpoints.list, superAdmin, ({ query }) => failedJobs.list(query));
  endpointRoute(app, failedJobsEndpoints.retry, superAdmin, ({ params }) => failedJobs.retry(params.jobId));
  endpointRoute(app, failedJobsEndpoints.discard, superAdmin, ({ params }) => failedJobs.discard(params.jobId));
};
