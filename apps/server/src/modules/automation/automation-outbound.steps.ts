// The actions that reach outside the ticket (issue 40 point 1): a webhook to one of the company's
// endpoints and an email to one of its users, both queued in the action's transaction (a delivery
// row and its job, a mail job), so a rolled-back run sends nothing and a committed one loses nothing.
import { AUTOMATION_WEBHOOK_EVENT } from '@atende/shared/webhooks';
import type { MailLocale } from '@atende/shared/mail';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../../platform/mail/mail.jobs.ts';
import { loadTicketViews } from '../tickets/ticket-views.repo.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';
import { findUser } from '../users/users.repo.ts';
import { recordWebhookEventTo } from '../webhooks/webhooks.steps.ts';

// the rule or macro whose action it is
export type ActionSource = { kind: 'rule' | 'macro'; id: number; name: string };

// the ticket as an endpoint sees it in its other events (numbers unmasked: the company's own system)
const ticketViewOf = async (tx: DbOrTx, ticket: TicketRow) => (await loadTicketViews(tx, ticket.companyId, [ticket], { maskNumbers: false }))[0];

// false: the company has no such endpoint
export const sendAutomationWebhook = (tx: DbOrTx, ticket: TicketRow, endpointId: number, source: ActionSource) =>
  recordWebhookEventTo(tx, endpointId, {
    companyId: ticket.companyId,
    event: AUTOMATION_WEBHOOK_EVENT,
    // after the ticket's earlier events to that endpoint
    orderingKey: `ticket:${ticket.id}`,
    data: async () => ({ source, ticket: await ticketViewOf(tx, ticket) }),
  });

// false: the company has no such user (deleted, or another company's)
export const sendAutomationEmail = async (tx: DbOrTx, ticket: TicketRow, mail: { userId: number; locale: MailLocale; text: string }, source: ActionSource) => {
  const user = await findUser(tx, ticket.companyId, mail.userId);
  if (!user) return false;
  const view = await ticketViewOf(tx, ticket);
  await enqueueMail(tx, {
    companyId: ticket.companyId,
    to: user.email,
    locale: mail.locale,
    template: 'automationNotice',
    data: { name: user.name, source: source.kind, sourceName: source.name, ticketId: ticket.id, ticketUuid: ticket.uuid, contactName: view?.contact?.name ?? '', text: mail.text },
  });
  return true;
};
