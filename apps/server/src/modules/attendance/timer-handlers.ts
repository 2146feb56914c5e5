// What each kind of ticket timer does when due (platform/timers.ts runs them); each publishes its
// changes and wakes the outbound queue after its transaction commits.
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { OutboxSignal } from '../../platform/outbox-signal.ts';
import type { TimerHandler, TimerRow } from '../../platform/timers.ts';
import { closeInactive, warnInactive } from '../expiry/inactivity.ts';
import { redirectWaitingTicket } from '../queues/queue-redirect.ts';
import { rotateUnacceptedTicket } from '../queues/queue-rotation.ts';
import { expireRating } from '../ratings/nps.ts';
import { ticketTimerKinds } from '../tickets/ticket-timer-kinds.ts';
import type { TicketOutcome, TicketsService } from '../tickets/tickets.service.ts';

type Step = (tx: Tx, timer: TimerRow, now: Date) => Promise<TicketOutcome | undefined>;

export const ticketTimerHandlers = (deps: { clock: Clock; tickets: TicketsService; outbox: OutboxSignal }): Record<string, TimerHandler> => {
  const handler =
    (step: Step): TimerHandler =>
    async (tx, timer) => {
      const outcome = await step(tx, timer, deps.clock.now());
      if (!outcome) return undefined;
      return async () => {
        await deps.tickets.publishOutcome(outcome);
        if (outcome.messages.length > 0) deps.outbox.notify();
      };
    };
  return {
    [ticketTimerKinds.npsExpiry]: handler(expireRating),
    [ticketTimerKinds.inactivityWarning]: handler(warnInactive),
    [ticketTimerKinds.inactivityClose]: handler(closeInactive),
    [ticketTimerKinds.queueRedirect]: handler((tx, timer) => redirectWaitingTicket(tx, timer)),
    [ticketTimerKinds.queueRotation]: handler(rotateUnacceptedTicket),
  };
};
