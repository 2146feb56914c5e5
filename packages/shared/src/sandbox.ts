// The sandbox connection's customer side (issue: attendance core; issue 35 point 13): what a
// customer's message through the sandbox carries, read by the server's route and by the web's
// "send as customer" dialog.
import { z } from 'zod';
import { connectionFields, connectionView } from './connections.ts';
import { defineEndpoint } from './contract.ts';
import { mediaTypes } from './messages.ts';
import { idParam, validationMessages } from './validation.ts';

const customerFields = {
  from: z.string({ error: validationMessages.required }).trim().min(1, validationMessages.required).min(3, validationMessages.tooShort).max(60, validationMessages.tooLong),
  name: z.string().trim().max(200, validationMessages.tooLong).default(''),
};

export const sandboxInboundBody = z.strictObject({
  ...customerFields,
  body: z.string().max(10_000, validationMessages.tooLong),
  providerMessageId: z.string().trim().min(1).max(200).optional(),
  isGroup: z.boolean().optional(),
  fromMe: z.boolean().optional(),
  quotedProviderMessageId: z.string().max(200).optional(),
  // the kind of media the customer sent (a voice note is 'audio'); the sandbox stores no file
  mediaType: z.enum(mediaTypes).optional(),
});
export type SandboxInboundBody = z.input<typeof sandboxInboundBody>;

// no message (and 202) when a blocked contact's message had no live ticket and was dropped
export const sandboxInboundAnswer = z.object({
  messageId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  contactId: z.number().int().nullable(),
  duplicate: z.boolean(),
  blocked: z.boolean(),
});

// What a person types in the "send as customer" dialog: a text message, so it cannot be empty.
export const sandboxCustomerMessage = z.strictObject({
  ...customerFields,
  body: sandboxInboundBody.shape.body.trim().min(1, validationMessages.required),
});
export type SandboxCustomerMessage = z.input<typeof sandboxCustomerMessage>;

// A company with ratings on needs a connection's rating message and time (02-operations §3 NPS),
// so this short form takes them too.
export const sandboxConnectionBody = z
  .strictObject({ name: z.string().trim().min(1).max(100), ratingMessage: connectionFields.ratingMessage, expiresTicketNPS: connectionFields.expiresTicketNPS })
  .meta({ id: 'SandboxConnectionBody' });

export const sandboxConnectionParams = z.strictObject({ connectionId: idParam });

export const sandboxAckBody = z
  .strictObject({ providerMessageId: z.string().min(1).max(200), ack: z.number().int().min(0).max(5) })
  .meta({ id: 'SandboxAckBody' });

// what the sandbox 'sent' to customers: the record of what would have left the machine
export const sandboxSentMessage = z
  .object({
    id: z.number().int(),
    ticketId: z.number().int(),
    providerMessageId: z.string().nullable(),
    body: z.string(),
    mediaType: z.string(),
    ack: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'SandboxSentMessage' });
export type SandboxSentMessage = z.infer<typeof sandboxSentMessage>;

const connectionNotFound = { 404: ['ERR_NO_WAPP_FOUND'] } as const;

// The sandbox calls (issue: attendance core). POST /sandbox/:connectionId/messages plays a
// channel's webhook and keeps its plain route (sandbox.routes.ts says why).
export const sandboxEndpoints = {
  receive: defineEndpoint({
    method: 'POST',
    path: '/sandbox/:connectionId/messages',
    params: sandboxConnectionParams,
    body: sandboxInboundBody.meta({ id: 'SandboxInboundBody' }),
    response: sandboxInboundAnswer.meta({ id: 'SandboxInboundAnswer' }),
    status: 201,
    alsoAnswers: [200, 202],
    operationId: 'receiveSandboxMessage',
    summary: "A customer's message on a sandbox connection, answered once stored: 201 stored, 200 a duplicate, 202 dropped (a blocked contact)",
    errors: { 404: ['ERR_NO_WAPP_FOUND'] },
  }),
  createConnection: defineEndpoint({
    method: 'POST',
    path: '/sandbox/connections',
    body: sandboxConnectionBody,
    response: connectionView,
    status: 201,
    operationId: 'createSandboxConnection',
    summary: 'Adds a sandbox connection: connected at once, it sends nothing out and a call plays its customers',
    errors: { 403: ['ERR_PLAN_CONNECTION_LIMIT'] },
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: '/sandbox/:connectionId/acks',
    params: sandboxConnectionParams,
    body: sandboxAckBody,
    response: z.object({ ok: z.literal(true) }),
    operationId: 'acknowledgeSandboxMessage',
    summary: "A receipt from the sandbox customer's phone for a message sent to them: delivered (2), read (3), played (4)",
    errors: { 404: ['ERR_NO_WAPP_FOUND', 'ERR_NO_MESSAGE_FOUND'] },
  }),
  outbox: defineEndpoint({
    method: 'GET',
    path: '/sandbox/:connectionId/outbox',
    params: sandboxConnectionParams,
    response: z.array(sandboxSentMessage),
    operationId: 'listSandboxOutbox',
    summary: 'What the sandbox connection sent to customers, newest first (the latest 200)',
    errors: connectionNotFound,
  }),
};
