// The lane timer (02-operations §3 Tag / lane timeLane): one durable timer per ticket (its
// singleton key), due timeLane hours after the ticket entered a lane; moving the ticket moves or
// cancels it. modules/kanban/lane-timer-handler.jobs.ts says what it does when due.
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import { cancelJobs, enqueueJob } from '../../platform/jobs/jobs.repo.ts';

const laneTimerPayload = z.object({
  companyId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  tagId: z.number().int().positive(),
});
export type LaneTimer = z.infer<typeof laneTimerPayload>;

export const laneTimerJob = defineJobKind({ name: 'kanban.laneTimer', payload: laneTimerPayload, priority: 'normal' });

export const scheduleLaneTimer = (db: DbOrTx, timer: LaneTimer, dueAt: Date) =>
  enqueueJob(db, laneTimerJob, timer, { runAt: dueAt, singletonKey: String(timer.ticketId) });

export const cancelLaneTimer = (db: DbOrTx, ticketId: number) => cancelJobs(db, [laneTimerJob.name], String(ticketId));
