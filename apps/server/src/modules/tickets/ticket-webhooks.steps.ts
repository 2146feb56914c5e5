// A ticket's webhook events (issue 37 point 1, docs/webhooks.md), recorded in the transaction of
// the change; one ticket's events (its messages' too) reach each endpoint in order. Numbers are
// never masked here: an endpoint is the company's own system, set up by an admin.
import type { DbOrTx } from '../../db/client.ts';
import { scheduleTicketAutomation } from '../automation-triggers/automation-triggers.steps.ts';
import { trackTicketSla } from '../sla/sla-tracking.steps.ts';
import { assignAfterTicketChange } from '../assignment/queue-assignment.jobs.ts';
import { recordWebhookEvent } from '../webhooks/webhooks.steps.ts';
import { ratingsOfTickets } from './ratings.repo.ts';
import { loadTicketViews } from './ticket-views.repo.ts';
import type { TicketRow } from './tickets.repo.ts';

const viewOf = async (tx: DbOrTx, ticket: TicketRow) => (await loadTicketViews(tx, ticket.companyId, [ticket], { maskNumbers: false }))[0];

// a closed ticket is ticket.closed, with the rating its customer gave; any other change ticket.updated
export const recordTicketEvent = async (tx: DbOrTx, change: 'created' | 'changed', ticket: TicketRow) => {
  await trackTicketSla(tx, ticket);
  await assignAfterTicketChange(tx, ticket);
  await scheduleTicketAutomation(tx, change, ticket);
  const common = { companyId: ticket.companyId, orderingKey: `ticket:${ticket.id}` };
  if (change === 'created') return recordWebhookEvent(tx, { ...common, event: 'ticket.created', data: async () => ({ ticket: await viewOf(tx, ticket) }) });
  if (ticket.status !== 'closed') return recordWebhookEvent(tx, { ...common, event: 'ticket.updated', data: async () => ({ ticket: await viewOf(tx, ticket) }) });
  return recordWebhookEvent(tx, {
    ...common,
    event: 'ticket.closed',
    data: async () => {
      const rate = (await ratingsOfTickets(tx, ticket.companyId, [ticket.id])).get(ticket.id);
      return { ticket: await viewOf(tx, ticket), rating: rate === undefined ? null : { rate } };
    },
  });
};
