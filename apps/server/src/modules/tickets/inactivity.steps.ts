// Inactivity expiry (02-operations §3 expiresTicket, timeInactiveMessage, inactiveMessage,
// expiresInactiveMessage, whenExpiresTicket). Every message on an open ticket moves its timer:
// timeInactiveMessage minutes later the inactiveMessage warns the customer (when both are set),
// and expiresTicket minutes after that (or after the last message, without a warning) the ticket
// closes with expiresInactiveMessage. whenExpiresTicket '1' expires a ticket only while the last
// message is the company's (the customer is the one not answering); '0' whoever wrote last.
import type { DbOrTx, Tx } from '../../db/client.ts';
import { findConnection, type ConnectionRow } from '../connections/connections.repo.ts';
import { writeAutomaticMessage } from '../messages/automatic-message.steps.ts';
import { lastPublicMessage } from '../messages/messages.repo.ts';
import { closeTicketAutomatically } from './automatic-close.steps.ts';
import { cancelTicketTimers, scheduleTicketTimer, ticketTimerJobs, type TicketTimer } from './ticket-timers.jobs.ts';
import * as ticketsRepo from './tickets.repo.ts';
import type { TicketRow } from './tickets.repo.ts';
import type { TicketOutcome } from './tickets.events.ts';

const MINUTE_MS = 60_000;
const { inactivityWarning, inactivityClose } = ticketTimerJobs;

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS);
const warns = (connection: ConnectionRow) => connection.timeInactiveMessage > 0 && connection.inactiveMessage.trim() !== '';

const expiringConnection = async (tx: DbOrTx, ticket: TicketRow) => {
  if (ticket.status !== 'open' || ticket.whatsappId === null) return undefined;
  const connection = await findConnection(tx, ticket.companyId, ticket.whatsappId);
  return connection && connection.expiresTicket > 0 ? connection : undefined;
};

// Restarts the inactivity countdown of a ticket after activity, or clears it when the ticket no
// longer expires (not open, or its connection has no expiry).
export const touchInactivity = async (tx: DbOrTx, ticket: TicketRow, now: Date) => {
  const connection = await expiringConnection(tx, ticket);
  if (!connection) {
    await cancelTicketTimers(tx, ticket.id, [inactivityWarning, inactivityClose]);
    return;
  }
  if (warns(connection)) {
    await cancelTicketTimers(tx, ticket.id, [inactivityClose]);
    await scheduleTicketTimer(tx, inactivityWarning, ticket, minutesFrom(now, connection.timeInactiveMessage));
  } else {
    await cancelTicketTimers(tx, ticket.id, [inactivityWarning]);
    await scheduleTicketTimer(tx, inactivityClose, ticket, minutesFrom(now, connection.expiresTicket));
  }
};

const lastMessageIsCompanys = async (tx: DbOrTx, ticket: TicketRow) => (await lastPublicMessage(tx, ticket.companyId, ticket.id))?.fromMe === true;

const dueTicket = async (tx: Tx, timer: TicketTimer) => {
  const ticket = await ticketsRepo.findTicket(tx, timer.companyId, timer.ticketId);
  if (!ticket) return undefined;
  const connection = await expiringConnection(tx, ticket);
  if (!connection) return undefined;
  if (connection.whenExpiresTicket === '1' && !(await lastMessageIsCompanys(tx, ticket))) return undefined;
  return { ticket, connection };
};

export const warnInactive = async (tx: Tx, timer: TicketTimer, now: Date, timeZone: string): Promise<TicketOutcome | undefined> => {
  const due = await dueTicket(tx, timer);
  if (!due) return undefined;
  const { ticket, connection } = due;
  const sent = warns(connection) ? await writeAutomaticMessage(tx, ticket, connection.inactiveMessage, now, timeZone) : undefined;
  await scheduleTicketTimer(tx, inactivityClose, ticket, minutesFrom(now, connection.expiresTicket));
  return sent ? { row: sent.ticket, messages: [sent.message] } : undefined;
};

export const closeInactive = async (tx: Tx, timer: TicketTimer, now: Date, timeZone: string): Promise<TicketOutcome | undefined> => {
  const due = await dueTicket(tx, timer);
  if (!due) return undefined;
  const { connection } = due;
  let { ticket } = due;
  const outcome: TicketOutcome = { row: ticket, messages: [] };
  if (connection.expiresInactiveMessage.trim()) {
    const sent = await writeAutomaticMessage(tx, ticket, connection.expiresInactiveMessage, now, timeZone);
    ticket = sent.ticket;
    outcome.messages.push(sent.message);
  }
  const closed = await closeTicketAutomatically(tx, ticket, now);
  if (!closed) throw new Error('ticket changed while expiring');
  return { ...outcome, row: closed };
};
