// What each kind of ticket timer does when due (modules/tickets/ticket-timers.jobs.ts). Each runs in
// the transaction that also marks its job done, so its effects happen once; it locks the ticket
// first, as every change that schedules a timer does, and publishes its changes after the commit.
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { closeInactive, warnInactive } from '../tickets/inactivity.steps.ts';
import { redirectWaitingTicket } from './queue-redirect.steps.ts';
import { rotateUnacceptedTicket } from './queue-rotation.steps.ts';
import { expireRating } from '../tickets/rating.steps.ts';
import { ticketTimerJobs, type TicketTimer } from '../tickets/ticket-timers.jobs.ts';
import { lockTicket } from '../tickets/tickets.repo.ts';
import type { TicketOutcome } from '../tickets/tickets.events.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';

// timeZone: TIMEZONE, in which the automatic messages' {{ms}} and {{hour}} are read
type Step = (tx: Tx, timer: TicketTimer, now: Date, timeZone: string) => Promise<TicketOutcome | undefined>;

export const registerTicketTimerJobs = (runner: Pick<JobRunner, 'register'>, deps: { clock: Clock; timeZone: string; tickets: TicketsService }) => {
  const handler = (step: Step): JobHandler<TicketTimer> => ({
    lockFirst: (tx, timer) => lockTicket(tx, timer.companyId, timer.ticketId),
    runInTransaction: async (tx, timer) => {
      const outcome = await step(tx, timer, deps.clock.now(), deps.timeZone);
      if (!outcome) return undefined;
      return () => deps.tickets.publishOutcome(outcome);
    },
  });
  runner.register(ticketTimerJobs.npsExpiry, handler(expireRating));
  runner.register(ticketTimerJobs.inactivityWarning, handler(warnInactive));
  runner.register(ticketTimerJobs.inactivityClose, handler(closeInactive));
  runner.register(ticketTimerJobs.queueRedirect, handler((tx, timer) => redirectWaitingTicket(tx, timer)));
  runner.register(ticketTimerJobs.queueRotation, handler(rotateUnacceptedTicket));
};
