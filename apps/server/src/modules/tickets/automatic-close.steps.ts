// Closing a ticket without an attendant's action (rating answered or expired, inactivity): the
// same guarded update as a manual close, its log entry, and no timer left behind.
import type { DbOrTx } from '../../db/client.ts';
import { writeTicketLog } from './ticket-logs.repo.ts';
import { recordTicketEvent } from './ticket-webhooks.steps.ts';
import { allTicketTimerJobs, cancelTicketTimers } from './ticket-timers.jobs.ts';
import { updateTicketFrom, type TicketRow } from './tickets.repo.ts';

export const closeTicketAutomatically = async (tx: DbOrTx, seen: TicketRow, now: Date) => {
  const row = await updateTicketFrom(tx, seen.companyId, seen, {
    status: 'closed',
    closedAt: now,
    amountUsedBotQueues: 0,
    amountUsedBotQueuesNPS: 0,
  });
  if (!row) return undefined;
  await writeTicketLog(tx, { companyId: row.companyId, ticketId: row.id, type: 'closed', userId: row.userId, queueId: row.queueId });
  await cancelTicketTimers(tx, row.id, allTicketTimerJobs);
  // ticket.closed, with the rating the customer may just have given
  await recordTicketEvent(tx, 'changed', row);
  return row;
};
