// What the lane timer does when due (lane-timer.jobs.ts): it runs in the transaction that marks
// its job done, with the ticket locked first as every lane move does, so a ticket moves once.
import type { Clock } from '../../platform/clock.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { lockTicket } from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { laneTimerJob } from './lane-timer.jobs.ts';
import { advanceLane } from './lanes.steps.ts';

export const registerLaneTimerJob = (runner: Pick<JobRunner, 'register'>, deps: { clock: Clock; timeZone: string; tickets: TicketsService }) => {
  runner.register(laneTimerJob, {
    lockFirst: (tx, timer) => lockTicket(tx, timer.companyId, timer.ticketId),
    runInTransaction: async (tx, timer) => {
      const outcome = await advanceLane(tx, timer, deps.clock.now(), deps.timeZone);
      if (!outcome) return undefined;
      return () => deps.tickets.publishOutcome(outcome);
    },
  });
};
