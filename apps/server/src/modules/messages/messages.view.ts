// Builds MessageView rows with their quoted messages and contacts (message-views.repo.ts reads them
// in one query each per page).
import type { MediaType, MessageView } from '@atende/shared/messages';
import type { MessageRow } from './messages.repo.ts';

const DELETED_BY_LGPD = 'Mensagem apagada';

// what the email channel kept of a received mail beside its text (channels/email/email-inbound.jobs.ts)
const emailPartsOf = (dataJson: unknown): MessageView['email'] => {
  const email = (dataJson as { email?: { subject?: unknown; html?: unknown; quoted?: unknown } } | null)?.email;
  if (!email || typeof email.subject !== 'string') return undefined;
  return {
    subject: email.subject,
    ...(typeof email.html === 'string' && { html: email.html }),
    ...(typeof email.quoted === 'string' && { quoted: email.quoted }),
  };
};

export type ContactSummary = { id: number; name: string; urlPicture: string };

export const toMessageViews = (rows: MessageRow[], related: { quoted: MessageRow[]; contacts: ContactSummary[] }): MessageView[] => {
  const { quoted } = related;
  const contactById = new Map(related.contacts.map(({ id, name, urlPicture }) => [id, { id, name, urlPicture }]));
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
      ...(!row.isDeleted && { email: emailPartsOf(row.dataJson) }),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
};

export const lgpdDeletedBody = DELETED_BY_LGPD;
