// Writes a message the company sends (attendant reply, greeting, farewell) and queues its delivery
// in the same transaction; private messages are stored and never sent (01-core §4 Messages).
import { lastMessageOf, type MessageTemplate } from '@atende/shared/messages';
import { normalizeNumber } from '@atende/shared/phone';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import type { TicketRow } from '../../db/schema.ts';
import type { JobPriority } from '../../platform/jobs/job-kind.ts';
import type { CheckedMedia } from '../../platform/media.ts';
import { recordMessageEvent } from './message-webhooks.steps.ts';
import { insertMessage, touchTicketWithMessage, type MessageRow, type NewMessage } from './messages.repo.ts';
import { enqueueOutbound } from './outbound-message.jobs.ts';

export type OutboundDraft = Pick<NewMessage, 'body' | 'mediaUrl' | 'mediaType' | 'quotedMsgId' | 'isPrivate' | 'isForwarded' | 'vCard' | 'dataJson'> & {
  userId: number | null;
};

// Schedules and campaigns pass the 'bulk' priority, so their sends never delay an attendant's reply.
export const writeOutboundMessage = async (tx: DbOrTx, ticket: TicketRow, draft: OutboundDraft, priority: JobPriority = 'interactive') => {
  const message = await insertMessage(tx, {
    ...draft,
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    queueId: ticket.queueId,
    fromMe: true,
    read: true,
    ack: 0,
  });
  if (!message.isPrivate) await enqueueOutbound(tx, message, 'send', priority);
  await recordMessageEvent(tx, 'message.created', message);
  const [updatedTicket] = await touchTicketWithMessage(tx, ticket.companyId, ticket.id, {
    lastMessage: message.isPrivate ? ticket.lastMessage : lastMessageOf(message),
    unreadIncrement: 0,
  });
  return { message, ticket: updatedTicket };
};

export const MEDIA_FOLDER = 'media';

export type UploadedMedia = { upload: Upload; checked: CheckedMedia };
// fileName: the name the file was sent with, which a document keeps (issue 35 point 10)
export type StoredMedia = CheckedMedia & { url: string; fileName?: string };

// Files are stored before the transaction that records them: a failed save leaves no message.
export const storeMedias = (storage: Storage, companyId: number, medias: UploadedMedia[]): Promise<StoredMedia[]> =>
  Promise.all(
    medias.map(async (media) => ({
      ...media.checked,
      fileName: media.upload.fileName,
      url: storage.urlOf(companyId, MEDIA_FOLDER, await storage.save(companyId, MEDIA_FOLDER, openUpload(media.upload), media.checked.extension)),
    })),
  );

const vCardOf = (card: { name: string; number: string }) => {
  const digits = normalizeNumber(card.number);
  return `BEGIN:VCARD\nVERSION:3.0\nN:;${card.name};;;\nFN:${card.name}\nTEL;type=CELL;waid=${digits}:+${digits}\nEND:VCARD`;
};

// What one send becomes (01-core §4 Messages): each file a message, the first carrying the text
// as its caption; the text alone when there is no file; a contact card last.
const templateText = (template: MessageTemplate) =>
  template.parameters.length ? `${template.name} (${template.parameters.join(', ')})` : template.name;

// A document keeps the name it was sent with (its stored name is random): as its text when it has
// no caption, as WhatsApp's own documents arrive, and in dataJson for the channel to send it by.
const mediaDraft = (media: StoredMedia, caption: string): Omit<OutboundDraft, 'userId' | 'isPrivate' | 'quotedMsgId'> => {
  const fileName = media.mediaType === 'application' ? media.fileName?.trim() : undefined;
  if (!fileName) return { body: caption, mediaUrl: media.url, mediaType: media.mediaType };
  return { body: caption || fileName, mediaUrl: media.url, mediaType: media.mediaType, dataJson: { fileName } };
};

// A Cloud API template goes alone: it is the one message allowed outside the 24 h window.
export const outboundDrafts = (content: {
  text: string;
  medias: StoredMedia[];
  vCard?: { name: string; number: string };
  template?: MessageTemplate;
}): Omit<OutboundDraft, 'userId' | 'isPrivate' | 'quotedMsgId'>[] =>
  content.template
    ? [{ body: templateText(content.template), mediaUrl: null, mediaType: 'chat', dataJson: { template: content.template } }]
    : [
        ...content.medias.map((media, index) => mediaDraft(media, index === 0 ? content.text : '')),
        ...(content.medias.length === 0 && content.text ? [{ body: content.text, mediaUrl: null, mediaType: 'chat' }] : []),
        ...(content.vCard ? [{ body: content.vCard.name, mediaUrl: null, mediaType: 'contactMessage', vCard: vCardOf(content.vCard) }] : []),
      ];

export const writeOutboundMessages = async (
  tx: DbOrTx,
  ticket: TicketRow,
  drafts: ReturnType<typeof outboundDrafts>,
  meta: Pick<OutboundDraft, 'userId' | 'isPrivate' | 'quotedMsgId'>,
  priority: JobPriority = 'interactive',
) => {
  let current = ticket;
  const rows: MessageRow[] = [];
  for (const draft of drafts) {
    const result = await writeOutboundMessage(tx, current, { ...draft, ...meta }, priority);
    current = result.ticket;
    rows.push(result.message);
  }
  return { ticket: current, rows };
};
