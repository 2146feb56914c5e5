// The sandbox connection's customer side (issue: attendance core; issue 35 point 13): what a
// customer's message through the sandbox carries, read by the server's route and by the web's
// "send as customer" dialog.
import { z } from 'zod';
import { mediaTypes } from './messages.ts';
import { validationMessages } from './validation.ts';

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

// What a person types in the "send as customer" dialog: a text message, so it cannot be empty.
export const sandboxCustomerMessage = z.strictObject({
  ...customerFields,
  body: sandboxInboundBody.shape.body.trim().min(1, validationMessages.required),
});
export type SandboxCustomerMessage = z.input<typeof sandboxCustomerMessage>;
