// One run of the queues' automatic assignment (issue 40 point 4): each queue of the company that
// assigns gives its waiting tickets, oldest first, to its online attendants below capacity
// (queue-assignment.rules.ts) until it has no ticket or nobody with room. The queues stay locked
// until the commit. The ticket's change itself is the lifecycle's (give).
import type { Tx } from '../../db/client.ts';
import type { TicketRow } from '../../db/schema.ts';
import { lockAssigningQueues, onlineAttendantsOf, rememberLastAssigned, waitingTicketsOf } from './queue-assignment.repo.ts';
import { pickAttendant, type AssignmentMode } from './queue-assignment.rules.ts';

// a run's share of one queue; a longer line goes on in the next run
const TICKETS_PER_RUN = 200;

// answers whether the ticket went to the attendant (false: someone moved it first)
export type GiveTicket = (ticket: TicketRow, userId: number, queueId: number) => Promise<boolean>;

type AssigningQueue = { id: number; assignment: AssignmentMode; lastAssignedUserId: number | null };

const assignQueue = async (tx: Tx, companyId: number, queue: AssigningQueue, give: GiveTicket) => {
  const waiting = await waitingTicketsOf(tx, companyId, queue.id, TICKETS_PER_RUN);
  if (waiting.length === 0) return false;
  const attendants = await onlineAttendantsOf(tx, companyId, queue.id);
  let last = queue.lastAssignedUserId;
  let given = 0;
  for (const ticket of waiting) {
    const attendant = pickAttendant(queue.assignment, attendants, last);
    if (!attendant) break;
    if (!(await give(ticket, attendant.id, queue.id))) continue;
    attendant.liveTickets += 1;
    last = attendant.id;
    given += 1;
  }
  if (last !== null && last !== queue.lastAssignedUserId) await rememberLastAssigned(tx, companyId, queue.id, last);
  return waiting.length === TICKETS_PER_RUN && given === waiting.length;
};

// answers whether tickets are left that a next run may give out
export const assignWaitingTickets = async (tx: Tx, companyId: number, give: GiveTicket) => {
  let more = false;
  for (const queue of await lockAssigningQueues(tx, companyId)) {
    if (queue.assignment === 'manual') continue;
    if (await assignQueue(tx, companyId, { ...queue, assignment: queue.assignment }, give)) more = true;
  }
  return more;
};
