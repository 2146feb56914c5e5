// A message the system sends on its own (rating question, completion, inactivity notices,
// transfer notice): placeholders rendered for the ticket's contact, no author, queued for delivery
// in the caller's transaction.
import { renderPlaceholders, type PlaceholderValues } from '@atende/shared/placeholders';
import type { DbOrTx } from '../../db/client.ts';
import type { TicketRow } from '../../db/schema.ts';
import { findContact } from '../contacts/contacts.repo.ts';
import { writeOutboundMessage } from './outbound-message.service.ts';

// timeZone: the configured zone (TIMEZONE), in which {{ms}} and {{hour}} are read
type Extra = Pick<PlaceholderValues, 'queue' | 'user'>;

// dataJson: what the message is, for the channels that show it otherwise (the rating question)
export const writeAutomaticMessage = async (tx: DbOrTx, ticket: TicketRow, template: string, now: Date, timeZone: string, extra: Extra = {}, dataJson?: Record<string, unknown>) => {
  const contact = await findContact(tx, ticket.companyId, ticket.contactId);
  const body = renderPlaceholders(template, { ...extra, name: contact?.name ?? '', protocol: String(ticket.id), now, timeZone });
  return writeOutboundMessage(tx, ticket, { body, userId: null, isPrivate: false, ...(dataJson && { dataJson }) });
};
