// Message entity (01-core §3 Message).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { ticketView } from './tickets.ts';
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

const mediaType = z.enum(mediaTypes);

export const messageView = z
  .object({
    id: z.number().int(),
    body: z.string(),
    fromMe: z.boolean(),
    read: z.boolean(),
    ticketId: z.number().int(),
    queueId: z.number().int().nullable(),
    userId: z.number().int().nullable(),
    mediaUrl: z.string().nullable(),
    mediaType,
    ack: z.number().int(),
    isDeleted: z.boolean(),
    isEdited: z.boolean(),
    isForwarded: z.boolean(),
    isPrivate: z.boolean(),
    quotedMsgId: z.number().int().nullable(),
    quotedMsg: z
      .object({ id: z.number().int(), body: z.string(), fromMe: z.boolean(), mediaType, contact: z.object({ name: z.string() }).nullable() })
      .nullable(),
    contactId: z.number().int().nullable(),
    contact: z.object({ id: z.number().int(), name: z.string(), urlPicture: z.string() }).nullable(),
    vCard: z.string().nullable(),
    // why the channel refused the message (an error code), or null
    sendError: z.string().nullable(),
    // a received email's subject, its HTML sanitised on arrival and the quoted history cut from its
    // text (issue 41 point 2); absent on other channels' messages
    email: z.object({ subject: z.string(), html: z.string().optional(), quoted: z.string().optional() }).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Message' });
export type MessageView = z.infer<typeof messageView>;

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

export const messageSendBody = z
  .strictObject({
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
  })
  .meta({ id: 'MessageSendBody' });
export type MessageSendBody = z.infer<typeof messageSendBody>;

export const messageEditBody = z.strictObject({ body: nonBlank }).meta({ id: 'MessageEditBody' });
export const messagesListQuery = z.strictObject({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  selectedQueues: z.string().max(2000).optional(),
});
export const messageForwardBody = z
  .strictObject({
    messageId: idParam,
    contactId: idParam,
    signMessage: z.boolean().optional(),
  })
  .meta({ id: 'MessageForwardBody' });
export const messagesAllMeQuery = z.strictObject({
  fromMe: z.enum(['true', 'false']).optional(),
  dateStart: isoDatePrefix.optional(),
  dateEnd: isoDatePrefix.optional(),
});

export const messagesPage = z
  .object({ messages: z.array(messageView), ticket: ticketView, count: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'MessagePage' });
export type MessagesPage = z.infer<typeof messagesPage>;

const ticketParams = z.strictObject({ ticketId: idParam });
const messageParams = z.strictObject({ messageId: idParam });
// a message is found only through a ticket the user may see
const messageNotFound = ['ERR_NO_MESSAGE_FOUND'] as const;
const fileErrors = { 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], 413: ['ERR_FILE_TOO_LARGE'] } as const;

// 01-core §7 messages calls. The paths are kept as the spec writes them (GET /messages/{ticketId}
// beside DELETE /messages/{messageId}).
export const messagesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/messages/:ticketId',
    params: ticketParams,
    query: messagesListQuery,
    response: messagesPage,
    operationId: 'listTicketMessages',
    summary: "A page of a ticket's messages, newest page first, with the ticket; reading it marks the ticket read",
    errors: { 404: ['ERR_NO_TICKET_FOUND'] },
  }),
  // JSON, or multipart with the same fields as text and the files under `medias` (up to 10): a
  // multipart send has no JSON body (null here), and its fields are read by the route with messageSendBody
  send: defineEndpoint({
    method: 'POST',
    path: '/messages/:ticketId',
    params: ticketParams,
    body: messageSendBody.nullish(),
    response: z.array(messageView),
    status: 201,
    operationId: 'sendTicketMessage',
    summary: 'Sends a text, contact card, template or files (multipart, `medias`) to a ticket; answers the messages written',
    errors: {
      400: ['ERR_TICKET_NOT_OPEN', 'ERR_OUTSIDE_24H_WINDOW', ...fileErrors[400]],
      404: ['ERR_NO_TICKET_FOUND', ...messageNotFound],
      413: fileErrors[413],
    },
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/messages/edit/:messageId',
    params: messageParams,
    body: messageEditBody,
    response: messageView,
    operationId: 'editMessage',
    summary: "Edits the user's own message within 15 minutes of sending it",
    errors: { 400: ['ERR_EDIT_WINDOW_EXPIRED'], 403: ['ERR_NO_PERMISSION'], 404: messageNotFound },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/message/:messageId',
    specPath: '/messages/:messageId',
    params: messageParams,
    response: messageView,
    operationId: 'deleteMessage',
    summary: 'Deletes a message sent from the company; answers it marked deleted',
    errors: { 403: ['ERR_NO_PERMISSION'], 404: messageNotFound },
  }),
  forward: defineEndpoint({
    method: 'POST',
    path: '/message/forward',
    body: messageForwardBody,
    response: messageView,
    operationId: 'forwardMessage',
    summary: "Forwards a message to a contact's live ticket on the same connection, opened for the user when there is none",
    errors: { 400: ['ERR_OUTSIDE_24H_WINDOW'], 403: ['ERR_NO_PERMISSION'], 404: [...messageNotFound, 'ERR_NO_CONTACT_FOUND'], 409: ['ERR_OTHER_OPEN_TICKET'] },
  }),
  countAll: defineEndpoint({
    method: 'GET',
    path: '/messages-allMe',
    query: messagesAllMeQuery,
    response: z.object({ count: z.array(z.object({ count: z.number().int() })) }),
    operationId: 'countMessages',
    summary: "How many of the company's messages, sent or received, in the dates given",
  }),
};
