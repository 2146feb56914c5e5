// Sending a mail is a job (issue 38 point 1): a module enqueues it in the transaction of the
// change that causes it (enqueueMail), and the runner renders it at send time, in the recipient's
// language with the branding of that moment, and hands it to the mailer. A failing SMTP server
// (refused, timed out, 4xx or 5xx) is tried again with backoff; the request that caused the mail
// never waits for it.
import { z } from 'zod';
import { mailLocales, type MailLocale } from '@atende/shared/mail';
import type { DbOrTx } from '../../db/client.ts';
import { defineJobKind, JobFailure } from '../jobs/job-kind.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { enqueueJob } from '../jobs/jobs.repo.ts';
import { renderMail } from './mail-layout.ts';
import type { MailBranding, MailContent } from './mail-template.ts';
import { isMailTemplateName, mailTemplates, type MailTemplateName } from './mail-templates.ts';
import type { MailConfig, Mailer } from './mailer.ts';

// 8 attempts, waiting 15 s, 30 s … 1920 s: a mail still goes out after an SMTP outage of about an
// hour. Done jobs are deleted at once (keepWhenDone false): their payload may hold a link's token.
export const mailSendJob = defineJobKind({
  name: 'mail.send',
  payload: z.object({
    companyId: z.number().int(),
    to: z.string().min(3).max(320),
    locale: z.enum(mailLocales),
    template: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
  priority: 'interactive',
  maxAttempts: 8,
  backoff: { baseSeconds: 15, maxSeconds: 1920 },
  keepWhenDone: false,
});

type TemplateData<K extends MailTemplateName> = z.input<(typeof mailTemplates)[K]['data']>;

export type MailRequest<K extends MailTemplateName> = { companyId: number; to: string; locale: MailLocale; template: K; data: TemplateData<K> };

export const enqueueMail = <K extends MailTemplateName>(tx: DbOrTx, mail: MailRequest<K>) =>
  enqueueJob(tx, mailSendJob, { ...mail, data: mail.data as Record<string, unknown> });

type Deps = { mailer: Mailer; config: MailConfig; brandingOf: (companyId: number) => Promise<MailBranding> };

// an absolute address of a page of the web app under its public address
const linkUnder = (base: string) => (path: string, query: Record<string, string> = {}) => {
  const url = new URL(path, `${base}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
};

export const registerMailSendJob = (runner: Pick<JobRunner, 'register'>, { mailer, config, brandingOf }: Deps) => {
  runner.register(mailSendJob, {
    run: async ({ companyId, to, locale, template: name, data }) => {
      if (config.transport === 'off') throw new JobFailure('email is off: no SMTP is configured');
      if (!isMailTemplateName(name)) throw new JobFailure(`unknown mail template ${name}`);
      const link = linkUnder(config.linkBase);
      const branding = await brandingOf(companyId);
      let content: MailContent;
      try {
        content = mailTemplates[name].render(data, { locale, branding, link });
      } catch (error) {
        if (error instanceof z.ZodError) throw new JobFailure(`invalid data for the ${name} mail: ${z.prettifyError(error)}`);
        throw error;
      }
      const rendered = renderMail(content, { ...branding, logoUrl: branding.logoPath ? link(branding.logoPath) : undefined }, locale);
      // the operator's address always; the name the company chose, else the operator's, else the platform's
      const sender = { address: config.from.address, name: branding.senderName || config.from.name || branding.appName };
      await mailer.send({ from: sender, to, ...rendered });
    },
  });
};
