// The run of queueAssignmentJob (modules/assignment/queue-assignment.jobs.ts). As the rotation does
// (02-operations §3), an assigned ticket stays pending with its attendant, who accepts it; it
// counts toward their capacity from then on, is logged as a rotation and announced after the commit.
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { queueAssignmentJob, requestQueueAssignment } from '../assignment/queue-assignment.jobs.ts';
import { assignWaitingTickets } from '../assignment/queue-assignment.steps.ts';
import { writeTicketLog } from './ticket-logs.repo.ts';
import { recordTicketEvent } from './ticket-webhooks.steps.ts';
import { updateTicketFrom, type TicketRow } from './tickets.repo.ts';
import type { TicketsService } from './tickets.service.ts';

export const registerQueueAssignmentJob = (runner: Pick<JobRunner, 'register'>, deps: { tickets: TicketsService }) => {
  runner.register(queueAssignmentJob, {
    runInTransaction: async (tx, { companyId }) => {
      const assigned: TicketRow[] = [];
      const more = await assignWaitingTickets(tx, companyId, async (ticket, userId, queueId) => {
        const row = await updateTicketFrom(tx, companyId, ticket, { userId });
        if (!row) return false;
        await writeTicketLog(tx, { companyId, ticketId: row.id, type: 'rotation', userId, queueId });
        await recordTicketEvent(tx, 'changed', row);
        assigned.push(row);
        return true;
      });
      // this run's row is gone by now (keepWhenDone: false), so the ask takes the singleton key
      if (more) await requestQueueAssignment(tx, companyId);
      return async () => {
        for (const row of assigned) await deps.tickets.publishTicket(row);
      };
    },
  });
};
