// Connecting a support mailbox as an email connection (issue 41 point 2, docs/email.md): mail
// arrives forwarded to the connection's own address at INBOUND_EMAIL_DOMAIN, and answers leave
// through the company's SMTP server with its support address as the sender.
import { z } from 'zod';
import { connectionView } from './connections.ts';
import { defineEndpoint } from './contract.ts';
import { boundedText } from './validation.ts';

export const emailSmtpSettings = z.strictObject({
  host: z.string().trim().min(1).max(255).regex(/^[A-Za-z0-9.:-]+$/),
  port: z.coerce.number().int().min(1).max(65535),
  // implicit TLS from the first byte (465); otherwise STARTTLS, required
  secure: z.boolean(),
  user: z.string().trim().max(255).optional(),
  password: z.string().max(500).optional(),
});
export type EmailSmtpSettings = z.infer<typeof emailSmtpSettings>;

export const emailConnectionBody = z
  .strictObject({
    name: boundedText(2, 50),
    supportAddress: z.email().max(254),
    smtp: emailSmtpSettings,
  })
  .meta({ id: 'EmailConnectionBody' });
export type EmailConnectionBody = z.infer<typeof emailConnectionBody>;

export const emailEndpoints = {
  connect: defineEndpoint({
    method: 'POST',
    path: '/email/connections',
    body: emailConnectionBody,
    // the connection's number is its forwarding address, where the support mailbox forwards to
    response: connectionView,
    status: 201,
    operationId: 'connectEmailMailbox',
    summary: 'Connects a support mailbox: its SMTP settings are checked, and the answer carries the forwarding address (number)',
    // ERR_EMAIL_DISABLED: the server receives no mail (INBOUND_EMAIL_DOMAIN unset)
    errors: {
      400: ['ERR_INVALID_CREDENTIALS', 'ERR_CHANNEL_UNREACHABLE', 'ERR_OUTBOUND_ADDRESS_REFUSED', 'ERR_EMAIL_DISABLED'],
      403: ['ERR_PLAN_CONNECTION_LIMIT', 'ERR_NO_PERMISSION'],
    },
  }),
};
