// Transactional email (issue 38 point 1): the languages a mail is written in, and whether this
// deployment sends mail at all, which the pages that promise one (forgot password, invitations)
// ask without a session.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';

export const mailLocales = ['pt', 'en', 'es', 'tr'] as const;
export type MailLocale = (typeof mailLocales)[number];

// 'en-US', 'pt-BR' and the like become their language; anything else the default, Portuguese
export const mailLocaleOf = (value?: string | null): MailLocale => {
  const language = value?.trim().slice(0, 2).toLowerCase();
  return mailLocales.find((locale) => locale === language) ?? 'pt';
};

// enabled false: no SMTP is configured, so nothing the product would send by email arrives
export const emailDeliveryAnswer = z.object({ enabled: z.boolean() }).meta({ id: 'EmailDelivery' });
export type EmailDeliveryAnswer = z.infer<typeof emailDeliveryAnswer>;

export const mailEndpoints = {
  delivery: defineEndpoint({
    method: 'GET',
    path: '/email-delivery',
    response: emailDeliveryAnswer,
    operationId: 'showEmailDelivery',
    summary: 'Whether this server sends email (password reset, invitations), without a session',
  }),
};
