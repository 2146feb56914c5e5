// The super admin's view of background jobs that gave up (issue 12): list the failed ones, put
// one back in the queue, or discard it.
import { z } from 'zod';
import { pageNumberQuery } from './validation.ts';

export const jobStates = ['waiting', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

export type JobView = {
  id: number;
  kind: string;
  companyId: number;
  state: JobState;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type FailedJobsPage = { jobs: JobView[]; count: number; hasMore: boolean };

export const FAILED_JOBS_PAGE_SIZE = 50;

// GET /jobs/failed?pageNumber=&kind=
export const failedJobsQuery = z.strictObject({
  pageNumber: pageNumberQuery,
  kind: z.string().trim().min(1).max(100).optional(),
});
export type FailedJobsQuery = z.infer<typeof failedJobsQuery>;

// job ids are bigserial: wider than the other ids
export const jobIdParams = z.strictObject({ jobId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
