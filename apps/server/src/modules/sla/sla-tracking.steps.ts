// The hook of SLA tracking in every ticket and message change (issue 40 point 3): called from
// recordTicketEvent and recordMessageEvent in the change's transaction. What needs no clock is
// done here (an attendant's reply meets the open response targets, closing meets every open
// target); setting targets is left to a job (sla.jobs.ts). A ticket under no policy costs one
// indexed read per event.
import type { DbOrTx } from '../../db/client.ts';
import type { messages } from '../../db/schema/messages.ts';
import type { tickets } from '../../db/schema/tickets.ts';
import { enqueueSlaTargets } from './sla.jobs.ts';
import * as repo from './sla.repo.ts';

const responseKinds = ['firstResponse', 'nextResponse'] as const;
const allKinds = [...responseKinds, 'resolution'] as const;

// what the hook reads of the ticket and the message the change wrote (their rows, given by the caller)
type TrackedTicket = Pick<typeof tickets.$inferSelect, 'id' | 'companyId' | 'status' | 'isGroup' | 'queueId' | 'priority' | 'closedAt' | 'updatedAt'>;
type TrackedMessage = Pick<typeof messages.$inferSelect, 'companyId' | 'ticketId' | 'fromMe' | 'userId' | 'isPrivate' | 'createdAt'>;

const ended = (ticket: TrackedTicket) => ticket.status === 'closed' || ticket.status === 'nps';

export const trackTicketSla = async (tx: DbOrTx, ticket: TrackedTicket) => {
  if (ticket.isGroup) return;
  if (ended(ticket)) {
    await repo.meetTargets(tx, ticket.id, allKinds, ticket.closedAt ?? ticket.updatedAt);
    return;
  }
  // a ticket keeps the targets it got first; one without any gets them when it comes under a policy
  if (!(await repo.policyFor(tx, ticket.companyId, ticket.queueId, ticket.priority))) return;
  if ((await repo.targetsOfTicket(tx, ticket.id)).length > 0) return;
  await enqueueSlaTargets(tx, { companyId: ticket.companyId, ticketId: ticket.id });
};

// An attendant's reply is a message sent by a user (not the bot, not a private note); a customer's
// message after one starts the next response target.
export const trackMessageSla = async (tx: DbOrTx, message: TrackedMessage) => {
  if (message.ticketId === null || message.isPrivate) return;
  if (message.fromMe) {
    if (message.userId !== null) await repo.meetTargets(tx, message.ticketId, responseKinds, message.createdAt);
    return;
  }
  const targets = await repo.targetsOfTicket(tx, message.ticketId);
  if (targets.length === 0 || targets.some((target) => target.metAt === null && target.kind !== 'resolution')) return;
  await enqueueSlaTargets(tx, { companyId: message.companyId, ticketId: message.ticketId, nextResponseFrom: message.createdAt.toISOString() });
};
