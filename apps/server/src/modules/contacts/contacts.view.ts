// Turns contact rows into the API's ContactView, with the page's tags, extra info and connection
// names (contact-views.repo.ts reads them).
import type { ContactView } from '@atende/shared/contacts';
import { maskNumber } from '@atende/shared/phone';
import type { connectionNames } from '../connections/connections.repo.ts';
import type { ContactRow, extraInfoOfContacts, tagsOfContacts } from './contacts.repo.ts';

export type ContactRelations = {
  tags: Awaited<ReturnType<typeof tagsOfContacts>>;
  extraInfo: Awaited<ReturnType<typeof extraInfoOfContacts>>;
  connections: Awaited<ReturnType<typeof connectionNames>>;
};

const groupBy = <T extends { contactId: number }>(rows: T[]) => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.contactId);
    if (group) group.push(row);
    else groups.set(row.contactId, [row]);
  }
  return groups;
};

export const toContactViews = (rows: ContactRow[], related: ContactRelations): ContactView[] => {
  const tagsByContact = groupBy(related.tags);
  const extraByContact = groupBy(related.extraInfo);
  const connectionById = new Map(related.connections.map((connection) => [connection.id, connection]));
  return rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    companyId: row.companyId,
    name: row.name,
    number: row.number,
    email: row.email,
    urlPicture: row.urlPicture,
    active: row.active,
    disableBot: row.disableBot,
    acceptAudioMessage: row.acceptAudioMessage,
    lgpdAcceptedAt: row.lgpdAcceptedAt?.toISOString() ?? null,
    walletUserId: row.walletUserId,
    whatsappId: row.whatsappId,
    whatsapp: row.whatsappId === null ? null : (connectionById.get(row.whatsappId) ?? null),
    channel: row.channel,
    isGroup: row.isGroup,
    extraInfo: (extraByContact.get(row.id) ?? []).map(({ id, name, value }) => ({ id, name, value })),
    tags: (tagsByContact.get(row.id) ?? []).map(({ id, name, color, kanban }) => ({ id, name, color, kanban })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
};

// 01-core §5 Phone display: the number as a profile user sees it under lgpdHideNumber.
export const withMaskedNumber = <T extends { number: string }>(contact: T): T => ({ ...contact, number: maskNumber(contact.number) });
