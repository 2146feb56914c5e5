// What the queues' automatic assignment (issue 40 point 4, modules/tickets/queue-assignment-handler.jobs.ts) reads
// and writes: the company's queues that assign, their waiting tickets and attendants with room.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queues, tickets, userQueues, users } from '../../db/schema.ts';
import { planAllowsAutomation } from '../automation-triggers/automation-triggers.repo.ts';

// the plan's useAutomation flag switches the assignment off as it does the rules
const assigns = (companyId: number) => and(eq(queues.companyId, companyId), ne(queues.assignment, 'manual'), planAllowsAutomation(companyId));

// Read on the ticket changes that may free or need an attendant: the company's few queues by
// their company index.
export const companyAssignsTickets = async (db: DbOrTx, companyId: number) =>
  (await db.select({ id: queues.id }).from(queues).where(assigns(companyId)).limit(1)).length > 0;

// Locked in id order: one run at a time per company decides, so two processes never give the
// same ticket twice nor one attendant more than their capacity through two queues.
export const lockAssigningQueues = (db: DbOrTx, companyId: number) =>
  db
    .select({ id: queues.id, assignment: queues.assignment, lastAssignedUserId: queues.lastAssignedUserId })
    .from(queues)
    .where(assigns(companyId))
    .orderBy(asc(queues.id))
    .for('update');

// The queue's unassigned waiting tickets in arrival order.
export const waitingTicketsOf = (db: DbOrTx, companyId: number, queueId: number, limit: number) =>
  db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId), eq(tickets.status, 'pending'), isNull(tickets.userId)))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(limit);

// The queue's online attendants with their capacity and the live (open or pending) tickets they
// hold, by id: the queue's assignment with capacity and the bot's rotation read them.
export const onlineAttendantsOf = (db: DbOrTx, companyId: number, queueId: number) =>
  db
    .select({
      id: users.id,
      capacity: users.capacity,
      liveTickets: sql<number>`(select count(*)::int from ${tickets} where ${tickets.companyId} = ${companyId} and ${tickets.userId} = ${users.id} and ${tickets.status} in ('open', 'pending'))`,
    })
    .from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.queueId, queueId), eq(users.online, true)))
    .orderBy(asc(users.id));

export const rememberLastAssigned = (db: DbOrTx, companyId: number, queueId: number, userId: number) =>
  db.update(queues).set({ lastAssignedUserId: userId }).where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
