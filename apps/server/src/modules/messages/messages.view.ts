// Builds MessageView rows with their quoted message and contact in one query each per page.
import type { MediaType, MessageView } from '@atende/shared/messages';
import type { DbOrTx } from '../../db/client.ts';
import { contactSummariesByIds } from '../contacts/contacts.repo.ts';
import { findMessagesByIds, type MessageRow } from './messages.repo.ts';

const DELETED_BY_LGPD = 'Mensagem apagada';

type ContactSummary = { id: number; name: string; urlPicture: string };

// `known`: contacts the caller holds already (a ticket's own contact), not read again.
export const toMessageViews = async (db: DbOrTx, rows: MessageRow[], known: ContactSummary[] = []): Promise<MessageView[]> => {
  if (rows.length === 0) return [];
  const companyId = rows[0].companyId;
  const quotedIds = [...new Set(rows.map((row) => row.quotedMsgId).filter((id): id is number => id !== null))];
  const quoted = await findMessagesByIds(db, companyId, quotedIds);
  const contactById = new Map(known.map(({ id, name, urlPicture }) => [id, { id, name, urlPicture }]));
  const missing = [...new Set([...rows, ...quoted].map((row) => row.contactId))].filter((id): id is number => id !== null && !contactById.has(id));
  for (const contact of await contactSummariesByIds(db, companyId, missing)) contactById.set(contact.id, contact);
  const quotedById = new Map(quoted.map((row) => [row.id, row]));
  return rows.map((row) => {
    const quotedRow = row.quotedMsgId === null ? undefined : quotedById.get(row.quotedMsgId);
    return {
      id: row.id,
      body: row.body,
      fromMe: row.fromMe,
      read: row.read,
      ticketId: row.ticketId,
      queueId: row.queueId,
      userId: row.userId,
      mediaUrl: row.mediaUrl,
      mediaType: row.mediaType as MediaType,
      ack: row.ack,
      isDeleted: row.isDeleted,
      isEdited: row.isEdited,
      isForwarded: row.isForwarded,
      isPrivate: row.isPrivate,
      quotedMsgId: row.quotedMsgId,
      quotedMsg: quotedRow
        ? {
            id: quotedRow.id,
            body: quotedRow.isDeleted ? '' : quotedRow.body,
            fromMe: quotedRow.fromMe,
            mediaType: quotedRow.mediaType as MediaType,
            contact: quotedRow.contactId === null ? null : { name: contactById.get(quotedRow.contactId)?.name ?? '' },
          }
        : null,
      contactId: row.contactId,
      contact: row.contactId === null ? null : (contactById.get(row.contactId) ?? null),
      vCard: row.vCard,
      sendError: row.sendError,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
};

export const toMessageView = async (db: DbOrTx, row: MessageRow, known: ContactSummary[] = []) => (await toMessageViews(db, [row], known))[0];

export const lgpdDeletedBody = DELETED_BY_LGPD;
