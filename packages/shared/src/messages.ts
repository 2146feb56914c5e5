// Message entity (01-core §3 Message).
import { z } from 'zod';
import type { TicketView } from './tickets.ts';
import { idParam, isoDatePrefix, validationMessages } from './validation.ts';
export const mediaTypes = [
  'chat',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'locationMessage',
  'contactMessage',
  'call_log',
  'reactionMessage',
  'application',
] as const;
export type MediaType = (typeof mediaTypes)[number];

export type MessageView = {
  id: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  ticketId: number;
  queueId: number | null;
  userId: number | null;
  mediaUrl: string | null;
  mediaType: MediaType;
  ack: number;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  quotedMsgId: number | null;
  quotedMsg: { id: number; body: string; fromMe: boolean; mediaType: MediaType; contact: { name: string } | null } | null;
  contactId: number | null;
  contact: { id: number; name: string; urlPicture: string } | null;
  vCard: string | null;
  // why the channel refused the message (an error code), or null
  sendError: string | null;
  createdAt: string;
  updatedAt: string;
};

export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;

// What a ticket's lastMessage says of a message: its text, or its media type when it has none; a
// document reads as WhatsApp lists one, "📄 name.pdf" (issue 35 point 10).
export const lastMessageOf = (message: { body: string; mediaType: string }) => {
  if (message.mediaType === 'application' || message.mediaType === 'document') return message.body ? `📄 ${message.body}` : '📄';
  return message.body || message.mediaType;
};

// The signature goes before the text of a non-private message: '*{name}*:\n'.
export const signedBody = (body: string, userName: string) => (body ? `*${userName}*:\n${body}` : body);
export const MESSAGES_PAGE_SIZE = 20;

export const messageTemplate = z.strictObject({
  name: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, 'validation.invalidTemplate'),
  language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'validation.invalidTemplate'),
  parameters: z.array(z.string().trim().min(1).max(1024)).max(20).default([]),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

// A contact card sent as a message (the web's contact card dialog fills its form with it).
export const messageVCard = z.strictObject({
  name: z.string().trim().min(1, validationMessages.required).max(200),
  number: z.string().trim().min(1, validationMessages.required).min(8, 'validation.invalidNumber').max(50),
});
export type MessageVCard = z.infer<typeof messageVCard>;

const nonBlank = z.string().max(10_000).refine((body) => body.trim().length > 0, 'validation.required');

// multipart fields arrive as text
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const messageSendBody = z.strictObject({
  body: z.string().max(10_000).default(''),
  // fields the web sends along; the server decides them
  read: flag.optional(),
  fromMe: flag.optional(),
  mediaUrl: z.string().max(0).optional(),
  // the message replied to; the family's clients send the whole message read back
  quotedMsg: z.strictObject({ id: z.number().int().positive() }).nullable().optional(),
  isPrivate: flag.optional(),
  // the attendant's choice to sign; honoured only while the company's sendSignMessage is enabled
  signMessage: flag.optional(),
  vCard: messageVCard.optional(),
  // an approved WhatsApp template (Cloud API connections), the only send allowed outside the 24 h window
  template: messageTemplate.optional(),
});
export type MessageSendBody = z.infer<typeof messageSendBody>;

export const messageEditBody = z.strictObject({ body: nonBlank });
export const messagesListQuery = z.strictObject({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  selectedQueues: z.string().max(2000).optional(),
});
export const messageForwardBody = z.strictObject({
  messageId: idParam,
  contactId: idParam,
  signMessage: z.boolean().optional(),
});
export const messagesAllMeQuery = z.strictObject({
  fromMe: z.enum(['true', 'false']).optional(),
  dateStart: isoDatePrefix.optional(),
  dateEnd: isoDatePrefix.optional(),
});

export type MessagesPage = { messages: MessageView[]; ticket: TicketView; count: number; hasMore: boolean };
