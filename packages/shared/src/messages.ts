// Message entity (01-core §3 Message).
import { z } from 'zod';
import type { TicketView } from './tickets.ts';
import { isoDatePrefix } from './validation.ts';
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
  createdAt: string;
  updatedAt: string;
};

export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;
export const MESSAGES_PAGE_SIZE = 20;

const nonBlank = z.string().max(10_000).refine((body) => body.trim().length > 0, 'validation.required');

// multipart fields arrive as text
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const messageSendBody = z.strictObject({
  body: z.string().max(10_000).default(''),
  // fields the web sends along; the server decides them
  read: flag.optional(),
  fromMe: flag.optional(),
  mediaUrl: z.string().max(0).optional(),
  quotedMsg: z.strictObject({ id: z.number().int().positive() }).passthrough().nullable().optional(),
  isPrivate: flag.optional(),
  vCard: z.strictObject({ name: z.string().trim().min(1).max(200), number: z.string().trim().min(8).max(50) }).optional(),
});
export type MessageSendBody = z.infer<typeof messageSendBody>;

export const messageEditBody = z.strictObject({ body: nonBlank });
export const messagesListQuery = z.strictObject({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  selectedQueues: z.string().max(2000).optional(),
});
export const messageForwardBody = z.strictObject({
  messageId: z.number().int().positive(),
  contactId: z.number().int().positive(),
  signMessage: z.boolean().optional(),
});
export const messagesAllMeQuery = z.strictObject({
  fromMe: z.enum(['true', 'false']).optional(),
  dateStart: isoDatePrefix.optional(),
  dateEnd: isoDatePrefix.optional(),
});

export type MessagesPage = { messages: MessageView[]; ticket: TicketView; count: number; hasMore: boolean };

// The attendant's signature goes before the text of non-private messages: '*{name}*:\n' (the
// chat's signature toggle, the external API's sendSignature).
export const signBody = (body: string, userName: string, sign: boolean, isPrivate: boolean) =>
  sign && !isPrivate && body ? `*${userName}*:\n${body}` : body;
