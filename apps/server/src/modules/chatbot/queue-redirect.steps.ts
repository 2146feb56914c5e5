// Redirect (02-operations §3 timeSendQueue, sendIdQueue): a pending ticket nobody took within
// timeSendQueue minutes moves to the connection's sendIdQueue. The countdown starts when the
// ticket starts waiting (created, returned, transferred to a queue without an attendant); new
// messages from the customer do not restart it.
import type { DbOrTx, Tx } from '../../db/client.ts';
import { findConnectionUnlessKnown, type ConnectionRow } from '../connections/connections.repo.ts';
import { writeTicketLog } from '../tickets/ticket-logs.repo.ts';
import { recordTicketEvent } from '../tickets/ticket-webhooks.steps.ts';
import { cancelTicketTimers, findTicketTimer, scheduleTicketTimer, ticketTimerJobs, type TicketTimer } from '../tickets/ticket-timers.jobs.ts';
import * as ticketsRepo from '../tickets/tickets.repo.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';
import type { TicketOutcome } from '../tickets/tickets.events.ts';

const MINUTE_MS = 60_000;
const kind = ticketTimerJobs.queueRedirect;

const redirectOf = async (tx: DbOrTx, ticket: TicketRow, known?: ConnectionRow) => {
  if (ticket.status !== 'pending' || ticket.userId !== null || ticket.isGroup || ticket.whatsappId === null) return undefined;
  const connection = await findConnectionUnlessKnown(tx, ticket.companyId, ticket.whatsappId, known);
  if (!connection || connection.timeSendQueue <= 0 || connection.sendIdQueue === null) return undefined;
  if (connection.sendIdQueue === ticket.queueId) return undefined;
  return { minutes: connection.timeSendQueue, queueId: connection.sendIdQueue };
};

// The ticket starts (or starts again) waiting: the countdown runs from now.
export const startRedirectCountdown = async (tx: DbOrTx, ticket: TicketRow, now: Date) => {
  const redirect = await redirectOf(tx, ticket);
  if (!redirect) {
    await cancelTicketTimers(tx, ticket.id, [kind]);
    return;
  }
  await scheduleTicketTimer(tx, kind, ticket, new Date(now.getTime() + redirect.minutes * MINUTE_MS));
};

// A message on a waiting ticket: the countdown starts if none runs yet.
export const ensureRedirectCountdown = async (tx: DbOrTx, ticket: TicketRow, now: Date, known?: ConnectionRow) => {
  if (ticket.status !== 'pending' || ticket.userId !== null) return;
  const redirect = await redirectOf(tx, ticket, known);
  if (!redirect || (await findTicketTimer(tx, kind, ticket.id))) return;
  await scheduleTicketTimer(tx, kind, ticket, new Date(now.getTime() + redirect.minutes * MINUTE_MS));
};

export const redirectWaitingTicket = async (tx: Tx, timer: TicketTimer): Promise<TicketOutcome | undefined> => {
  const ticket = await ticketsRepo.findTicket(tx, timer.companyId, timer.ticketId);
  if (!ticket) return undefined;
  const redirect = await redirectOf(tx, ticket);
  if (!redirect) return undefined;
  const moved = await ticketsRepo.updateTicketFrom(tx, ticket.companyId, ticket, { queueId: redirect.queueId });
  if (!moved) throw new Error('ticket changed while redirecting');
  await writeTicketLog(tx, { companyId: moved.companyId, ticketId: moved.id, type: 'redirect', queueId: redirect.queueId });
  await recordTicketEvent(tx, 'changed', moved);
  return { row: moved, messages: [] };
};
