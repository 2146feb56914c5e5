// What a mail template is: the data it takes (checked when the job runs, so a payload queued by an
// older version fails clearly rather than rendering "undefined") and, per language, its words.
// The layout (mail-layout.ts) turns those words into the HTML and plain-text bodies; a template
// never writes HTML itself, so nothing it interpolates can escape its place.
import type { MailLocale } from '@atende/shared/mail';
import type { z } from 'zod';

// the whitelabel a mail wears: the platform's name, colour and logo, and the company's own sender name
export type MailBranding = { appName: string; primaryColor: string; logoPath?: string; senderName?: string };

export type MailContext = {
  locale: MailLocale;
  branding: MailBranding;
  // an absolute link to a page of the web app, from the configured public address
  link: (path: string, query?: Record<string, string>) => string;
};

export type MailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  // small print under the button: why the mail came, what to do if unwanted
  note?: string;
};

// render takes the data as the job stored it and checks it first (a ZodError when it does not fit)
export type MailTemplate<D> = { data: z.ZodType<D>; render: (data: unknown, context: MailContext) => MailContent };

export const defineMailTemplate = <D>(template: { data: z.ZodType<D>; render: (data: D, context: MailContext) => MailContent }): MailTemplate<D> => ({
  data: template.data,
  render: (data, context) => template.render(template.data.parse(data), context),
});
