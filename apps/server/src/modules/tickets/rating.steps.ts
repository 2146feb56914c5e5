// The rating conversation (02-operations §3 rating fields, 01-core §4 rating): with the company
// setting userRating on, closing a ticket sends the connection's ratingMessage and leaves the ticket
// in status nps. A 0..10 answer is stored as the attendant's rating, the completion message goes
// out and the ticket closes; another answer asks again up to maxUseBotQueuesNPS times, then closes;
// no answer within expiresTicketNPS minutes closes it too (a durable timer).
import { parseNpsAnswer, ratingQuestion } from '@atende/shared/ratings';
import type { CompanySettings } from '@atende/shared/settings';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { writeAutomaticMessage } from '../messages/automatic-message.steps.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import { closeTicketAutomatically } from './automatic-close.steps.ts';
import type { RatingSteps, TicketOutcome } from './tickets.events.ts';
import { scheduleTicketTimer, ticketTimerJobs, type TicketTimer } from './ticket-timers.jobs.ts';
import * as ticketsRepo from './tickets.repo.ts';
import type { TicketRow } from './tickets.repo.ts';
import { hasRating, insertRating } from './ratings.repo.ts';

export const INVALID_RATING_MESSAGE = 'Opção inválida, tente novamente.';

const MINUTE_MS = 60_000;

// the rating question's mark in its message's dataJson: the web chat widget offers 0..10 as buttons
// under it (docs/webchat.md)
export const RATING_QUESTION_MARK = 'ratingQuestion';
const ratingQuestionData = { [RATING_QUESTION_MARK]: true };

// Whether closing this ticket asks for a rating first; answers the connection when it does.
const ratingConnectionFor = async (tx: DbOrTx, ticket: TicketRow, settings: CompanySettings) => {
  if (settings.userRating !== 'enabled' || ticket.isGroup || ticket.whatsappId === null) return undefined;
  const connection = await findConnection(tx, ticket.companyId, ticket.whatsappId);
  if (!connection?.ratingMessage.trim()) return undefined;
  if (await hasRating(tx, ticket.companyId, ticket.id)) return undefined;
  return connection;
};

// Called by the close transition instead of closing: the ticket (already moved to nps by the
// caller) gets the question and its expiry timer.
const askForRating = async (tx: DbOrTx, ticket: TicketRow, connection: { ratingMessage: string; expiresTicketNPS: number }, now: Date, timeZone: string) => {
  const sent = await writeAutomaticMessage(tx, ticket, ratingQuestion(connection.ratingMessage), now, timeZone, {}, ratingQuestionData);
  if (connection.expiresTicketNPS > 0) {
    await scheduleTicketTimer(tx, ticketTimerJobs.npsExpiry, ticket, new Date(now.getTime() + connection.expiresTicketNPS * MINUTE_MS));
  }
  return sent;
};

export const ratingSteps: RatingSteps = { questionFor: ratingConnectionFor, ask: askForRating };

const finish = async (tx: DbOrTx, ticket: TicketRow, now: Date, timeZone: string): Promise<TicketOutcome | undefined> => {
  const connection = ticket.whatsappId === null ? undefined : await findConnection(tx, ticket.companyId, ticket.whatsappId);
  const messages: MessageRow[] = [];
  let current = ticket;
  if (connection?.complationMessage.trim()) {
    const sent = await writeAutomaticMessage(tx, current, connection.complationMessage, now, timeZone);
    current = sent.ticket;
    messages.push(sent.message);
  }
  const closed = await closeTicketAutomatically(tx, current, now);
  return closed ? { row: closed, messages } : undefined;
};

// A customer's message on a ticket waiting for its rating; undefined when the ticket is not.
export const answerRating = async (tx: DbOrTx, ticket: TicketRow, message: MessageRow, now: Date, timeZone: string): Promise<TicketOutcome | undefined> => {
  if (ticket.status !== 'nps' || message.fromMe) return undefined;
  const rate = parseNpsAnswer(message.body);
  if (rate !== null) {
    await insertRating(tx, { companyId: ticket.companyId, ticketId: ticket.id, userId: ticket.userId, rate, createdAt: now });
    return (await finish(tx, ticket, now, timeZone)) ?? { row: ticket, messages: [] };
  }
  const connection = ticket.whatsappId === null ? undefined : await findConnection(tx, ticket.companyId, ticket.whatsappId);
  const limit = connection?.maxUseBotQueuesNPS ?? 0;
  if (!connection || ticket.amountUsedBotQueuesNPS >= limit) return (await finish(tx, ticket, now, timeZone)) ?? { row: ticket, messages: [] };
  const counted = await ticketsRepo.updateTicket(tx, ticket.companyId, ticket.id, { amountUsedBotQueuesNPS: ticket.amountUsedBotQueuesNPS + 1 });
  const invalid = await writeAutomaticMessage(tx, counted ?? ticket, INVALID_RATING_MESSAGE, now, timeZone);
  const again = await writeAutomaticMessage(tx, invalid.ticket, ratingQuestion(connection.ratingMessage), now, timeZone, {}, ratingQuestionData);
  return { row: again.ticket, messages: [invalid.message, again.message] };
};

// The npsExpiry timer: still waiting for a rating, the ticket closes with the completion message.
export const expireRating = async (tx: Tx, timer: TicketTimer, now: Date, timeZone: string): Promise<TicketOutcome | undefined> => {
  const ticket = await ticketsRepo.findTicket(tx, timer.companyId, timer.ticketId);
  if (ticket?.status !== 'nps') return undefined;
  return finish(tx, ticket, now, timeZone);
};
