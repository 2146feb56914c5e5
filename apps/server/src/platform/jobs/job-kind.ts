// What a kind of background job is: a name, a zod payload that carries companyId, its default
// priority and its retry policy. Kinds are defined where the work is caused (a module enqueues
// them in its transaction) and given a handler where the work is done (job-runner.ts register).
// A kind's name is stored in its queued rows, so a kind renamed in code keeps the name it had.
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';

// Higher runs first: an attendant's reply or a bot's answer (interactive) never waits behind a
// campaign or a schedule (bulk); timers and other housekeeping sit between them.
export const jobPriorities = { bulk: 0, normal: 10, interactive: 20 } as const;
export type JobPriority = keyof typeof jobPriorities;

export type JobPayload = { companyId: number };

export type JobKind<P extends JobPayload = JobPayload> = {
  name: string;
  payload: z.ZodType<P>;
  priority: JobPriority;
  // runs before the job is `failed`; each failure waits baseSeconds * 2^(attempt - 1), up to maxSeconds
  maxAttempts: number;
  backoff: { baseSeconds: number; maxSeconds: number };
  // false for housekeeping that runs every few seconds: its completed runs are deleted at once
  // rather than kept for the retention, where they would crowd out the jobs worth reading
  keepWhenDone: boolean;
};

export const defineJobKind = <P extends JobPayload>(
  kind: Pick<JobKind<P>, 'name' | 'payload'> & Partial<Omit<JobKind<P>, 'name' | 'payload'>>,
): JobKind<P> => ({
  priority: 'normal',
  maxAttempts: 10,
  backoff: { baseSeconds: 2, maxSeconds: 300 },
  keepWhenDone: true,
  ...kind,
});

export type JobInfo = { id: number; kind: string; attempts: number };

// What a transactional handler wants done once its transaction committed (events, say).
export type AfterCommit = () => Promise<void>;

// Every handler must be safe to run twice (a process can die between the work and its record).
// A transactional handler runs in the transaction that also marks its job completed, so its
// database effects happen exactly once; lockFirst takes the locks the causing changes take first
// (one lock order, no deadlock with them).
// gaveUp hears that the job is failed for good, whatever the way (its last attempt threw, a
// JobFailure, or the leases of its attempts ran out because its process died each time), so a
// record the job was to finish is not left "running".
export type JobHandler<P extends JobPayload> = (
  | { run: (payload: P, job: JobInfo) => Promise<void> }
  | {
      lockFirst?: (tx: Tx, payload: P) => Promise<unknown>;
      runInTransaction: (tx: Tx, payload: P, job: JobInfo) => Promise<AfterCommit | void>;
    }
) & { gaveUp?: (payload: P, reason: string) => Promise<void> };

// Thrown by a handler when trying again cannot help: the job goes straight to `failed`.
export class JobFailure extends Error {}

// Thrown by a handler that was told when to try again (a rate limit's retry_after): the next
// attempt waits that long instead of the kind's backoff; it still counts as an attempt.
export class RetryAfter extends Error {
  constructor(
    readonly seconds: number,
    message: string,
  ) {
    super(message);
  }
}
