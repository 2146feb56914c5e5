// The web chat widget channel (issue 41 point 1): the admin's connection settings, the public
// visitor API the widget calls from the customer's website, and the visitor's live namespace.
import { z } from 'zod';
import { connectionView } from './connections.ts';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam } from './validation.ts';

// An origin as a browser sends it in the Origin header: scheme, host and an optional port, no path.
export const webchatOrigin = z
  .string()
  .trim()
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/, 'validation.invalidOrigin')
  .transform((origin) => origin.toLowerCase());

export const webchatSettings = z.strictObject({
  allowedOrigins: z.array(webchatOrigin).min(1).max(20),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalidColor'),
  greeting: z.string().trim().max(500),
  preChatForm: z.boolean(),
});
export type WebchatSettings = z.infer<typeof webchatSettings>;

export const webchatConnectionBody = webchatSettings.extend({ name: boundedText(2, 50) }).meta({ id: 'WebchatConnectionBody' });
export type WebchatConnectionBody = z.infer<typeof webchatConnectionBody>;

// a web chat connection's own settings as the edit form reads them
export const webchatConnectionSettings = z
  .object({ name: z.string(), allowedOrigins: z.array(z.string()), color: z.string(), greeting: z.string(), preChatForm: z.boolean() })
  .meta({ id: 'WebchatConnectionSettings' });
export type WebchatConnectionSettings = z.infer<typeof webchatConnectionSettings>;

// The admin's form writes the allowed websites one per line; the body carries them as a list.
export const originsOfText = (text: string) => text.split(/\s+/).filter(Boolean);
export const webchatConnectionForm = webchatConnectionBody.extend({
  allowedOrigins: z
    .string()
    .refine((text) => originsOfText(text).length > 0 && originsOfText(text).length <= 20, 'validation.invalidOrigin')
    .refine((text) => originsOfText(text).every((origin) => webchatOrigin.safeParse(origin).success), 'validation.invalidOrigin'),
});
export type WebchatConnectionForm = z.infer<typeof webchatConnectionForm>;

// the connection's public id, the one the snippet carries
export const webchatPublicId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const publicIdParams = z.strictObject({ publicId: webchatPublicId });

// what the widget needs to draw itself
// outOfHours: the company is closed to this connection now (its vacation or service hours), so
// the widget says so before the visitor writes
export const webchatAppearance = z
  .object({ color: z.string(), greeting: z.string(), preChatForm: z.boolean(), outOfHours: z.boolean() })
  .meta({ id: 'WebchatAppearance' });

export const webchatStartBody = z
  .strictObject({
    name: z.string().trim().max(80).optional(),
    email: z.email().max(120).optional(),
    phone: z.string().trim().regex(/^\+?[\d\s()-]{6,25}$/, 'validation.invalidPhone').optional(),
  })
  .meta({ id: 'WebchatStartBody' });
export type WebchatStartBody = z.infer<typeof webchatStartBody>;

export const webchatVisitor = z.object({ visitorToken: z.string() }).meta({ id: 'WebchatVisitor' });

export const webchatSendBody = z.strictObject({ text: z.string().trim().min(1).max(4000) }).meta({ id: 'WebchatSendBody' });
export type WebchatSendBody = z.infer<typeof webchatSendBody>;

// a message as the visitor sees it: the attendant's name on the company's messages
export const webchatMessage = z
  .object({
    id: z.number().int(),
    body: z.string(),
    fromMe: z.boolean(),
    senderName: z.string().nullable(),
    // an attendant's file: where the widget links to it (its body is then the caption)
    mediaUrl: z.string().nullable(),
    mediaType: z.string(),
    createdAt: z.string(),
    // the ticket's rating question while the ticket waits for its answer: the widget offers 0..10
    // as buttons under it
    rating: z.boolean(),
  })
  .meta({ id: 'WebchatMessage' });
export type WebchatMessage = z.infer<typeof webchatMessage>;

export {
  WEBCHAT_FILE_MAX_BYTES,
  WEBCHAT_MESSAGE_EVENT,
  WEBCHAT_NAMESPACE,
  WEBCHAT_RATING_OVER_EVENT,
  WEBCHAT_READ_EVENT,
  WEBCHAT_REMOVED_EVENT,
  WEBCHAT_SEEN_EVENT,
  WEBCHAT_TOKEN_HEADER,
  WEBCHAT_TYPING_EVENT,
  WEBCHAT_TYPING_EVERY_MS,
  WEBCHAT_TYPING_SHOWN_MS,
  webchatTypingChannel,
} from './webchat-wire.ts';

const connectionParams = z.strictObject({ whatsappId: idParam });
const visitorErrors = { 401: ['ERR_SESSION_EXPIRED'], 403: ['ERR_NO_PERMISSION'], 404: ['ERR_NO_WAPP_FOUND'], 429: ['ERR_TOO_MANY_REQUESTS'] } as const;

export const webchatEndpoints = {
  connect: defineEndpoint({
    method: 'POST',
    path: '/webchat/connections',
    body: webchatConnectionBody,
    response: connectionView,
    status: 201,
    operationId: 'createWebchatConnection',
    summary: 'Creates a web chat widget connection with a random public id (its number) for the snippet',
    errors: { 403: ['ERR_PLAN_CONNECTION_LIMIT'] },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/webchat/connections/:whatsappId',
    params: connectionParams,
    response: webchatConnectionSettings,
    operationId: 'readWebchatConnectionSettings',
    summary: "A web chat connection's name, allowed origins, colour, greeting and pre-chat switch, for its edit form",
    errors: { 404: ['ERR_NO_WAPP_FOUND'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/webchat/connections/:whatsappId',
    params: connectionParams,
    body: webchatConnectionBody,
    response: connectionView,
    operationId: 'updateWebchatConnection',
    summary: "Changes a web chat connection's name, allowed origins, colour, greeting and pre-chat switch; new widget loads and handshakes follow at once",
    errors: { 404: ['ERR_NO_WAPP_FOUND'] },
  }),
  attendantTyping: defineEndpoint({
    method: 'POST',
    path: '/webchat/tickets/:ticketId/typing',
    params: z.strictObject({ ticketId: idParam }),
    response: null,
    status: 204,
    operationId: 'tellWebchatTyping',
    summary: "An attendant is typing in a web chat ticket: its visitors' widgets show it (other channels' tickets: nothing)",
    errors: { 404: ['ERR_NO_TICKET_FOUND'] },
  }),
  appearance: defineEndpoint({
    method: 'GET',
    path: '/webchat/:publicId/appearance',
    params: publicIdParams,
    response: webchatAppearance,
    operationId: 'readWebchatAppearance',
    summary: "The widget's colour, greeting and whether it asks for the visitor's name first (public; allowed origins only)",
    errors: visitorErrors,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/webchat/:publicId/visitors',
    params: publicIdParams,
    body: webchatStartBody,
    response: webchatVisitor,
    status: 201,
    operationId: 'startWebchatVisitor',
    summary: 'Starts a visitor: the contact is matched or created from the pre-chat form; answers the visitor token',
    errors: visitorErrors,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/webchat/:publicId/messages',
    params: publicIdParams,
    body: webchatSendBody,
    response: webchatMessage,
    status: 201,
    operationId: 'sendWebchatMessage',
    summary: "A visitor's message, into the inbound pipeline as any channel's",
    errors: visitorErrors,
  }),
  sendFile: defineEndpoint({
    method: 'POST',
    path: '/webchat/:publicId/files',
    params: publicIdParams,
    response: webchatMessage,
    status: 201,
    operationId: 'sendWebchatFile',
    summary: "A visitor's image or file, sent as multipart under `file` with an optional `caption`, into the inbound pipeline as any channel's media",
    errors: { ...visitorErrors, 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], 413: ['ERR_FILE_TOO_LARGE'] },
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/webchat/:publicId/messages',
    params: publicIdParams,
    // seenUpTo: the visitor's messages up to this id were read by an attendant
    response: z.object({ messages: z.array(webchatMessage), seenUpTo: z.number().int().nullable() }),
    operationId: 'readWebchatMessages',
    summary: "The visitor's conversation on this connection, oldest first (the last 100 messages), and how far an attendant has read it",
    errors: visitorErrors,
  }),
};
