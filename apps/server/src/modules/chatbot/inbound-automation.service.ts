// What the server does on its own when a customer's message arrives, inside the inbound
// pipeline's transaction: a ticket waiting for its rating takes the message as the answer and
// nothing else runs; otherwise refused audio is answered, the redirect and inactivity
// countdowns are kept, and a kanban lane with a rollback lane takes the ticket back. Events and
// the outbound wake-up run after the commit.
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { touchInactivity } from '../tickets/inactivity.steps.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import { ensureRedirectCountdown } from './queue-redirect.steps.ts';
import { answerRating } from '../tickets/rating.steps.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';
import type { TicketOutcome } from '../tickets/tickets.events.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { answerRefusedAudio } from './audio-acceptance.steps.ts';
import { rollbackLaneOnReply } from '../kanban/lanes.steps.ts';

// connection: the message's connection, already read by the caller; inLane: whether the ticket
// sits in a kanban lane, when the caller knows
export type InboundContext = {
  ticket: TicketRow;
  message: MessageRow;
  contact: { acceptAudioMessage: boolean; isGroup: boolean };
  connection?: ConnectionRow;
  inLane?: boolean;
};
// handled: the message was consumed (a rating answer); later steps of the pipeline skip it
export type InboundAutomation = { ticket: TicketRow; handled: boolean; afterCommit: () => Promise<void> };

// timeZone: TIMEZONE, in which the automatic answers' {{ms}} and {{hour}} are read
export const createInboundAutomation = (deps: { clock: Clock; timeZone: string; tickets: TicketsService }) => {
  const publishing = (outcomes: TicketOutcome[]) => async () => {
    for (const outcome of outcomes) await deps.tickets.publishOutcome(outcome);
  };

  return {
    onInbound: async (tx: DbOrTx, { ticket, message, contact, connection, inLane }: InboundContext): Promise<InboundAutomation> => {
      const now = deps.clock.now();
      const rated = await answerRating(tx, ticket, message, now, deps.timeZone);
      if (rated) return { ticket: rated.row, handled: true, afterCommit: publishing([rated]) };
      const outcomes: TicketOutcome[] = [];
      let current = ticket;
      const audio = await answerRefusedAudio(tx, current, message, contact, now, deps.timeZone);
      if (audio) {
        outcomes.push(audio);
        current = audio.row;
      }
      await ensureRedirectCountdown(tx, current, now, connection);
      // a reply in a lane with a rollback lane moves the ticket back (02-operations §3 rollbackLaneId)
      if (await rollbackLaneOnReply(tx, current, now, inLane)) outcomes.push({ row: current, messages: [] });
      // only an open ticket counts down to inactivity; status changes keep the rest in step
      if (current.status === 'open') await touchInactivity(tx, current, now);
      return { ticket: current, handled: false, afterCommit: publishing(outcomes) };
    },
  };
};

export type InboundAutomationService = ReturnType<typeof createInboundAutomation>;
