// The one way mail leaves the server (issue 38 point 1): SMTP through nodemailer when the operator
// configured it, the log in development without SMTP, and nothing at all otherwise ("email is
// off", which the features that send mail tell their users). Sending happens in a job
// (mail.jobs.ts), never in a request.
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

export type MailAddress = { address: string; name?: string };

export type SmtpSettings = {
  host: string;
  port: number;
  // implicit TLS from the first byte (port 465); otherwise STARTTLS when the server offers it,
  // required when requireTls
  secure: boolean;
  requireTls: boolean;
  rejectUnauthorized: boolean;
  user?: string;
  password?: string;
  // each of connecting, the greeting and a silent socket may take this long before the send fails
  timeoutMs: number;
};

export type MailConfig =
  | { transport: 'smtp'; smtp: SmtpSettings; from: MailAddress; linkBase: string }
  | { transport: 'log'; from: MailAddress; linkBase: string }
  | { transport: 'off' };

export type OutgoingMail = { from: MailAddress; to: string; subject: string; text: string; html: string };

export type Mailer = { enabled: boolean; send: (mail: OutgoingMail) => Promise<void>; close: () => void };

const smtpMailer = (smtp: SmtpSettings, log: FastifyBaseLogger): Mailer => {
  // no pool: a connection per mail, so a server that dropped an idle connection costs nothing
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: smtp.requireTls,
    tls: { rejectUnauthorized: smtp.rejectUnauthorized },
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    connectionTimeout: smtp.timeoutMs,
    greetingTimeout: smtp.timeoutMs,
    socketTimeout: smtp.timeoutMs,
  });
  // a socket error outside a send must not become an unhandled 'error' event
  transport.on('error', (error) => log.warn({ err: error }, 'SMTP transport error'));
  return {
    enabled: true,
    send: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
};

// Development without SMTP: the mail is printed, its links with it, so a developer can follow them.
const logMailer = (log: FastifyBaseLogger): Mailer => ({
  enabled: true,
  send: async ({ to, subject, text }) => {
    log.info({ mail: { to, subject, text } }, `mail to ${to} (no SMTP configured: printed here, not sent)\n${text}`);
  },
  close: () => undefined,
});

const offMailer: Mailer = {
  enabled: false,
  send: async () => {
    throw new Error('email is off: no SMTP is configured');
  },
  close: () => undefined,
};

export const createMailer = (config: MailConfig, log: FastifyBaseLogger): Mailer => {
  if (config.transport === 'smtp') return smtpMailer(config.smtp, log);
  if (config.transport === 'log') return logMailer(log);
  return offMailer;
};
