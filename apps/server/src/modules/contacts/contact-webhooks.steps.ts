// A contact's webhook events (issue 37 point 1, docs/webhooks.md), recorded in the transaction of
// the change with the view the change answers; one contact's events reach each endpoint in order.
import type { ContactView } from '@atende/shared/contacts';
import type { DbOrTx } from '../../db/client.ts';
import { recordWebhookEvent } from '../webhooks/webhooks.steps.ts';

export const recordContactEvent = (tx: DbOrTx, companyId: number, event: 'contact.created' | 'contact.updated', contact: ContactView) =>
  recordWebhookEvent(tx, { companyId, event, orderingKey: `contact:${contact.id}`, data: async () => ({ contact }) });
