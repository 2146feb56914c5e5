// The external messages API (03-saas §2 /messages-api, §7): POST /api/messages/send with a
// connection's token as bearer, JSON or multipart (fields plus `medias` files).
import { z } from 'zod';
import { idParam, validationMessages } from './validation.ts';

// Multipart fields arrive as text, so flags accept 'true'/'false' as well as booleans.
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export const externalSendBody = z.strictObject({
  // country code, area code and number, digits only (03-saas §2)
  number: z.string({ error: validationMessages.required }).regex(/^\d{8,20}$/, 'validation.digitsOnlyNumber'),
  body: z.string().max(4096).default(''),
  userId: idParam.optional(),
  queueId: idParam.optional(),
  sendSignature: flag.optional(),
  closeTicket: flag.optional(),
});
export type ExternalSendBody = z.output<typeof externalSendBody>;

export type ExternalSendAnswer = {
  message: string;
  ticketId: number;
  ticketUuid: string;
  status: string;
  messageIds: number[];
};
