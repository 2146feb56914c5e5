// The queues' automatic assignment runs as one job per company (modules/tickets/queue-assignment-handler.jobs.ts),
// asked for in the transaction of a change that may need or free an attendant. Its singleton key
// folds many asks into one run; an ask during a run makes it run again after.
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { companyAssignsTickets } from './queue-assignment.repo.ts';

export const queueAssignmentJob = defineJobKind({
  name: 'queues.assignment',
  payload: z.object({ companyId: z.number().int().positive() }),
  keepWhenDone: false,
});

export const requestQueueAssignment = async (db: DbOrTx, companyId: number) => {
  if (await companyAssignsTickets(db, companyId)) await enqueueJob(db, queueAssignmentJob, { companyId }, { singletonKey: `company:${companyId}` });
};

type TicketState = { companyId: number; status: string; userId: number | null; queueId: number | null; isTransfered: boolean };

// A ticket waiting unassigned in a queue needs an attendant; a closed, returned or transferred one
// may have freed one. The assignment's own changes (pending with an owner) ask for nothing.
const mayChangeAssignment = (ticket: TicketState) =>
  (ticket.status === 'pending' && ticket.userId === null && ticket.queueId !== null) ||
  (ticket.status !== 'open' && ticket.status !== 'pending' && ticket.status !== 'group' && ticket.userId !== null) ||
  (ticket.status === 'open' && ticket.isTransfered);

export const assignAfterTicketChange = (db: DbOrTx, ticket: TicketState) =>
  mayChangeAssignment(ticket) ? requestQueueAssignment(db, ticket.companyId) : undefined;
