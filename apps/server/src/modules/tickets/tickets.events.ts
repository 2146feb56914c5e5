// How the steps of other areas take part in a ticket's changes without the lifecycle importing
// them (and them importing it back): queue redirect and rotation, inactivity expiry and ratings
// register here in app.ts, and run inside the transaction of the change.
import type { CompanySettings } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import type { TicketRow } from './tickets.repo.ts';

// A ticket after a change, with the messages the change wrote (published after the commit).
// closedBefore: the ticket a transfer closed when it opened a new one (closeTicketOnTransfer).
export type TicketOutcome = { row: TicketRow; messages: MessageRow[]; closedBefore?: TicketRow };

type TicketListener = (tx: DbOrTx, ticket: TicketRow, now: Date) => Promise<unknown>;
// moved: the ticket where it now waits; from: the one whose conversation it carries (the same
// ticket, or the one closeTicketOnTransfer closed)
type TransferListener = (tx: DbOrTx, transfer: { moved: TicketRow; from: TicketRow }, now: Date) => Promise<unknown>;

// Closing asks for the customer's rating first when the rating steps find a question to ask; the
// ticket then waits in status nps.
export type RatingQuestion = { ratingMessage: string; expiresTicketNPS: number };
export type RatingSteps = {
  questionFor: (tx: DbOrTx, ticket: TicketRow, settings: CompanySettings) => Promise<RatingQuestion | undefined>;
  ask: (tx: DbOrTx, ticket: TicketRow, question: RatingQuestion, now: Date, timeZone: string) => Promise<{ ticket: TicketRow; message: MessageRow }>;
};

export const createTicketEvents = () => {
  const handledListeners: TicketListener[] = [];
  const repliedListeners: TicketListener[] = [];
  const transferredListeners: TransferListener[] = [];
  let ratingSteps: RatingSteps | undefined;
  const notify = async (listeners: TicketListener[], tx: DbOrTx, ticket: TicketRow, now: Date) => {
    for (const listener of listeners) await listener(tx, ticket, now);
  };

  return {
    // An attendant changed who holds the ticket or where it waits (create, accept, reopen,
    // return, transfer, queue change): the countdowns that follow its status start or stop.
    onHandled: (listener: TicketListener) => void handledListeners.push(listener),
    handled: (tx: DbOrTx, ticket: TicketRow, now: Date) => notify(handledListeners, tx, ticket, now),
    // The company answered the customer on the ticket.
    onReplied: (listener: TicketListener) => void repliedListeners.push(listener),
    replied: (tx: DbOrTx, ticket: TicketRow, now: Date) => notify(repliedListeners, tx, ticket, now),
    // An attendant transferred the ticket to another queue or attendant (the copilot's summary note).
    onTransferred: (listener: TransferListener) => void transferredListeners.push(listener),
    transferred: async (tx: DbOrTx, transfer: { moved: TicketRow; from: TicketRow }, now: Date) => {
      for (const listener of transferredListeners) await listener(tx, transfer, now);
    },
    useRatingSteps: (steps: RatingSteps) => {
      ratingSteps = steps;
    },
    ratingQuestionFor: async (tx: DbOrTx, ticket: TicketRow, settings: CompanySettings) => ratingSteps?.questionFor(tx, ticket, settings),
    askForRating: (tx: DbOrTx, ticket: TicketRow, question: RatingQuestion, now: Date, timeZone: string) => {
      if (!ratingSteps) throw new Error('no rating steps registered');
      return ratingSteps.ask(tx, ticket, question, now, timeZone);
    },
  };
};

export type TicketEvents = ReturnType<typeof createTicketEvents>;
