// A message's webhook event (issue 37 point 1, docs/webhooks.md), recorded in the transaction that
// wrote the message; its ticket's events reach each endpoint in order.
import type { DbOrTx } from '../../db/client.ts';
import { scheduleMessageAutomation } from '../automation-triggers/automation-triggers.steps.ts';
import { trackMessageSla } from '../sla/sla-tracking.steps.ts';
import { recordWebhookEvent } from '../webhooks/webhooks.steps.ts';
import { loadMessageView } from './message-views.repo.ts';
import type { MessageRow } from './messages.repo.ts';

export const recordMessageEvent = async (tx: DbOrTx, event: 'message.created' | 'message.updated', message: MessageRow) => {
  if (event === 'message.created') await trackMessageSla(tx, message);
  if (event === 'message.created') await scheduleMessageAutomation(tx, message);
  return recordWebhookEvent(tx, {
    companyId: message.companyId,
    event,
    orderingKey: `ticket:${message.ticketId}`,
    data: async () => ({ message: await loadMessageView(tx, message) }),
  });
};
