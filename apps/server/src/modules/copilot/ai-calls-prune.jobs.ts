// The copilot's calls (ai_calls) are kept AI_CALLS_RETENTION_MONTHS whole UTC months, the current
// one included: at least 13, so the admin's per-month figures of the current month and the twelve
// before stay whole. A daily sweep on the job runner (platform/jobs/daily-prune.ts) deletes the
// calls made before the first day of the oldest month kept.
import { defineDailyPrune } from '../../platform/jobs/daily-prune.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { deleteAiCallsBefore } from './copilot.repo.ts';

const aiCallsPrune = defineDailyPrune('copilot.aiCallsPrune', deleteAiCallsBefore);

export const firstDayKept = (now: Date, retentionMonths: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (retentionMonths - 1), 1));

export const aiCallsPruneJob = aiCallsPrune.job;
export const scheduleAiCallsPrune = aiCallsPrune.schedule;
export const registerAiCallsPruneJob = (runner: Pick<JobRunner, 'register'>, deps: { db: Db; clock: Clock; retentionMonths: number }) =>
  aiCallsPrune.register(runner, { db: deps.db, clock: deps.clock, keepFrom: (now) => firstDayKept(now, deps.retentionMonths) });
