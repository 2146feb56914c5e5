// The super admin's view of background jobs that gave up (issue 12): list the failed ones, put
// one back in the queue, or discard it.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { pageNumberQuery } from './validation.ts';

export const jobStates = ['waiting', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

export const jobView = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    companyId: z.number().int(),
    state: z.enum(jobStates),
    payload: z.record(z.string(), z.unknown()),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type JobView = z.infer<typeof jobView>;

export const failedJobsPage = z.object({ jobs: z.array(jobView), count: z.number().int(), hasMore: z.boolean() }).meta({ id: 'FailedJobPage' });
export type FailedJobsPage = z.infer<typeof failedJobsPage>;

export const FAILED_JOBS_PAGE_SIZE = 50;

// GET /jobs/failed?pageNumber=&kind=
export const failedJobsQuery = z.strictObject({
  pageNumber: pageNumberQuery,
  kind: z.string().trim().min(1).max(100).optional(),
});
export type FailedJobsQuery = z.infer<typeof failedJobsQuery>;

// job ids are bigserial: wider than the other ids
export const jobIdParams = z.strictObject({ jobId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// the super admin's calls (issue 12)
export const failedJobsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/jobs/failed', query: failedJobsQuery, response: failedJobsPage, operationId: 'listFailedJobs', summary: 'A page of the background jobs that gave up, newest first' }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/jobs/:jobId/retry',
    params: jobIdParams,
    response: jobView,
    operationId: 'retryFailedJob',
    summary: 'Puts a failed job back in the queue with its attempts counted afresh',
    errors: { 404: ['ERR_NOT_FOUND'], 409: ['ERR_JOB_SUPERSEDED'] },
  }),
  discard: defineEndpoint({ method: 'DELETE', path: '/jobs/:jobId', params: jobIdParams, response: null, status: 204, operationId: 'discardFailedJob', summary: 'Discards a failed job', errors: { 404: ['ERR_NOT_FOUND'] } }),
};
