// Turns contact rows into the API's ContactView, loading tags, extra info and connection names
// in three queries for the whole page (no per-contact queries).
import type { ContactView } from '@atende/shared/contacts';
import { maskNumber } from '@atende/shared/phone';
import type { DbOrTx } from '../../db/client.ts';
import { connectionNames } from '../connections/connections.repo.ts';
import { extraInfoOfContacts, tagsOfContacts, type ContactRow } from './contacts.repo.ts';

const groupBy = <T extends { contactId: number }>(rows: T[]) => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.contactId);
    if (group) group.push(row);
    else groups.set(row.contactId, [row]);
  }
  return groups;
};

export const toContactViews = async (db: DbOrTx, companyId: number, rows: ContactRow[]): Promise<ContactView[]> => {
  const contactIds = rows.map((row) => row.id);
  const connectionIds = [...new Set(rows.map((row) => row.whatsappId).filter((id): id is number => id !== null))];
  const [tagRows, extraRows, connectionRows] = await Promise.all([
    tagsOfContacts(db, companyId, contactIds),
    extraInfoOfContacts(db, companyId, contactIds),
    connectionNames(db, companyId, connectionIds),
  ]);
  const tagsByContact = groupBy(tagRows);
  const extraByContact = groupBy(extraRows);
  const connectionById = new Map(connectionRows.map((connection) => [connection.id, connection]));
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

export const toContactView = async (db: DbOrTx, row: ContactRow) => (await toContactViews(db, row.companyId, [row]))[0];

// 01-core §5 Phone display: the number as a profile user sees it under lgpdHideNumber.
export const withMaskedNumber = <T extends { number: string }>(contact: T): T => ({ ...contact, number: maskNumber(contact.number) });
