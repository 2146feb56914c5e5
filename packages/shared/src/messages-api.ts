// The external messages API (03-saas §2 /messages-api, §7): POST /api/messages/send with a
// connection's token as bearer, JSON or multipart (fields plus `medias` files).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam, validationMessages } from './validation.ts';

// Multipart fields arrive as text, so flags accept 'true'/'false' as well as booleans.
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const externalSendBody = z.strictObject({
  // country code, area code and number, digits only (03-saas §2); a Telegram chat id, a web chat
  // visitor's number or, on an email connection, an address (issue 41 point 4). Which of them the
  // token's connection takes is checked by its channel (channel-capabilities.ts addressProblem).
  number: z
    .string({ error: validationMessages.required })
    .trim()
    .regex(/^(-?\d{1,40}|[^\s@]{1,64}@[^\s@]{1,189})$/, 'validation.digitsOnlyNumber'),
  body: z.string().max(4096).default(''),
  userId: idParam.optional(),
  queueId: idParam.optional(),
  sendSignature: flag.optional(),
  closeTicket: flag.optional(),
});
export type ExternalSendBody = z.output<typeof externalSendBody>;

export const externalSendAnswer = z
  .object({ message: z.string(), ticketId: z.number().int(), ticketUuid: z.string(), status: z.string(), messageIds: z.array(z.number().int()) })
  .meta({ id: 'ExternalSendAnswer' });
export type ExternalSendAnswer = z.infer<typeof externalSendAnswer>;

// 03-saas §7 external messages API. Its body, JSON or multipart (the same fields as text, the
// files under `medias`), has no schema here: the connection's token is checked before a byte of
// it is read, then the route reads it with externalSendBody.
export const messagesApiEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/api/messages/send',
    response: externalSendAnswer,
    security: 'connectionToken',
    operationId: 'sendExternalMessage',
    summary: "Sends a text or files (multipart, `medias`) to a number from the token's connection (JSON or multipart body: number, body, userId, queueId, sendSignature, closeTicket)",
    errors: {
      400: ['ERR_OUTSIDE_24H_WINDOW', 'ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'],
      401: ['ERR_TOKEN_MISSING', 'ERR_SESSION_EXPIRED'],
      402: ['ERR_SUBSCRIPTION_OVERDUE'],
      403: ['ERR_NO_PERMISSION'],
      404: ['ERR_NO_USER_FOUND'],
      413: ['ERR_FILE_TOO_LARGE'],
      429: ['ERR_TOO_MANY_REQUESTS'],
    },
  }),
};
