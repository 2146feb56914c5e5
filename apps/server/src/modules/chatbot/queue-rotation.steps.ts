// Rotation (02-operations §3 Queue rotate / ativarRoteador, timeRotate / tempoRoteador; §9
// rotation options): a queue with rotation on gives each waiting ticket to its least busy online
// attendant, who still has to accept it. With a rotation time (minutes, 0 = never), a ticket left
// unaccepted that long passes to the next least busy online attendant, and so on until someone
// accepts it. Any manual change of the ticket (accept, return, transfer, queue change, close)
// ends the countdown; the countdown starts again only when a rotation assigns the ticket.
import type { DbOrTx, Tx } from '../../db/client.ts';
import { findQueue, type QueueRow } from '../queues/queues.repo.ts';
import { writeTicketLog } from '../tickets/ticket-logs.repo.ts';
import { recordTicketEvent } from '../tickets/ticket-webhooks.steps.ts';
import { cancelTicketTimers, scheduleTicketTimer, ticketTimerJobs, type TicketTimer } from '../tickets/ticket-timers.jobs.ts';
import * as ticketsRepo from '../tickets/tickets.repo.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';
import type { TicketOutcome } from '../tickets/tickets.events.ts';
import { onlineAttendantsOf } from '../assignment/queue-assignment.repo.ts';

const MINUTE_MS = 60_000;
const kind = ticketTimerJobs.queueRotation;

// The queue's least busy online attendant (fewest open or pending tickets, the lower id on a
// tie), leaving out the one who holds the ticket now.
export const rotationAttendant = async (db: DbOrTx, companyId: number, queueId: number, except: number | null = null) => {
  const attendants = (await onlineAttendantsOf(db, companyId, queueId)).filter((attendant) => attendant.id !== except);
  return attendants.sort((a, b) => a.liveTickets - b.liveTickets || a.id - b.id)[0]?.id;
};

const rotates = (queue: QueueRow | undefined): queue is QueueRow => Boolean(queue?.ativarRoteador && queue.tempoRoteador > 0);

// A rotation assigned the ticket: its attendant has tempoRoteador minutes to accept it.
export const startRotationCountdown = async (db: DbOrTx, ticket: TicketRow, queue: QueueRow, now: Date) => {
  if (!rotates(queue)) return;
  await scheduleTicketTimer(db, kind, ticket, new Date(now.getTime() + queue.tempoRoteador * MINUTE_MS));
};

export const stopRotationCountdown = (db: DbOrTx, ticketId: number) => cancelTicketTimers(db, ticketId, [kind]);

// The countdown ran out: an assigned ticket nobody accepted passes on. With nobody else online
// it stays with its attendant and the countdown starts again.
export const rotateUnacceptedTicket = async (tx: Tx, timer: TicketTimer, now: Date): Promise<TicketOutcome | undefined> => {
  const ticket = await ticketsRepo.findTicket(tx, timer.companyId, timer.ticketId);
  if (!ticket || ticket.status !== 'pending' || ticket.userId === null || ticket.queueId === null) return undefined;
  const queue = await findQueue(tx, ticket.companyId, ticket.queueId);
  if (!rotates(queue)) return undefined;
  const next = await rotationAttendant(tx, ticket.companyId, queue.id, ticket.userId);
  if (next === undefined) {
    await startRotationCountdown(tx, ticket, queue, now);
    return undefined;
  }
  const moved = await ticketsRepo.updateTicketFrom(tx, ticket.companyId, ticket, { userId: next });
  if (!moved) throw new Error('ticket changed while rotating');
  await writeTicketLog(tx, { companyId: moved.companyId, ticketId: moved.id, type: 'rotation', userId: next, queueId: queue.id });
  await startRotationCountdown(tx, moved, queue, now);
  await recordTicketEvent(tx, 'changed', moved);
  return { row: moved, messages: [] };
};
