// A contact's webhook events (issue 37 point 1, docs/webhooks.md), recorded in the transaction of
// the change with the view the change answers; one contact's events reach each endpoint in order.
import type { ContactView } from '@atende/shared/contacts';
import type { DbOrTx } from '../../db/client.ts';
import { recordWebhookEvent, recordWebhookEventEach } from '../webhooks/webhooks.steps.ts';
import { loadContactViews } from './contact-views.repo.ts';
import type { ContactRow } from './contacts.repo.ts';

export const recordContactEvent = (tx: DbOrTx, companyId: number, event: 'contact.created' | 'contact.updated', contact: ContactView) =>
  recordWebhookEvent(tx, { companyId, event, orderingKey: `contact:${contact.id}`, data: async () => ({ contact }) });

// Contacts created or changed without a screen (a customer's first message, an import): their
// views are built only when an endpoint wants the event, all at once.
export const recordContactsEvent = (tx: DbOrTx, companyId: number, event: 'contact.created' | 'contact.updated', rows: ContactRow[]) => {
  let views: Promise<ContactView[]> | undefined;
  return recordWebhookEventEach(
    tx,
    companyId,
    event,
    rows.map((row, index) => ({
      orderingKey: `contact:${row.id}`,
      data: async () => ({ contact: (await (views ??= loadContactViews(tx, companyId, rows)))[index] }),
    })),
  );
};
