// A real SMTP server on loopback (the smtp-server package) that keeps every mail it accepts,
// parsed by mailparser, for tests to read as a user reads their inbox (issue 38: "tests read the
// real mails from an SMTP server on loopback"). Plain SMTP unless started with tls (implicit TLS
// from the first byte, or STARTTLS offered), with the package's own self-signed certificate;
// authentication only when the receiver is started with a user. The server tests pass receiver.mailConfig() to startTestApp;
// the browser tests pass receiver.env() to startServer.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailConfig } from '../../src/platform/mail/mailer.ts';

// the threading headers and attachments too, which the email channel's answers carry (issue 41 point 2)
export type ReceivedMail = {
  from: { address: string; name: string };
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  inReplyTo: string;
  references: string[];
  attachments: { filename: string; size: number }[];
  // whether the mail came over TLS
  secure: boolean;
};

const WAIT_MS = 20_000;

const addressesOf = (field: unknown): { address: string; name: string }[] => {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((entry: { value: { address?: string; name?: string }[] }) =>
    entry.value.map((one) => ({ address: (one.address ?? '').toLowerCase(), name: one.name ?? '' })),
  );
};

// The first link of the mail's text under this path (the web page it leads to).
export const linkIn = (mail: ReceivedMail, path = '/') => {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no link to ${path} in the mail "${mail.subject}":\n${mail.text}`);
  return link;
};

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

export const startSmtpReceiver = async (options: { user?: string; password?: string; tls?: 'implicit' | 'starttls' } = {}) => {
  const mails: ReceivedMail[] = [];
  // how many mails of each recipient nextMail has handed out
  const taken = new Map<string, number>();
  const arrivals = new Set<() => void>();
  // an SMTP answer every mail gets instead of being accepted (a failing server), or none
  let refusal: { code: number; message: string } | null = null;

  const server = new SMTPServer({
    secure: options.tls === 'implicit',
    disabledCommands: [...(options.tls === 'starttls' ? [] : ['STARTTLS']), ...(options.user ? [] : ['AUTH'])],
    authOptional: !options.user,
    // nodemailer sends credentials over plain SMTP only to loopback when the test allows it
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, done) => {
      if (auth.username === options.user && auth.password === options.password) return done(null, { user: auth.username });
      return done(new Error('invalid credentials'));
    },
    onData: (stream, session, done) => {
      simpleParser(stream)
        .then((parsed) => {
          if (refusal) return done(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          mails.push({
            from: addressesOf(parsed.from)[0] ?? { address: '', name: '' },
            to: addressesOf(parsed.to).map((one) => one.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            inReplyTo: parsed.inReplyTo ?? '',
            references: typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? []),
            attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename ?? '', size: attachment.size })),
            secure: session.secure,
          });
          done();
          for (const wake of arrivals) wake();
        })
        .catch((error: Error) => done(error));
    },
  });
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;

  const to = (recipient: string) => mails.filter((mail) => mail.to.includes(recipient.toLowerCase()));

  // resolves when found() answers something, checking again at each arrival; fails after WAIT_MS
  const waitFor = <T>(found: () => T | undefined, what: string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        finish();
        resolve(value);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no ${what} within ${WAIT_MS / 1000} s; received: ${mails.map((mail) => `${mail.to.join(',')} "${mail.subject}"`).join('; ') || 'nothing'}`));
      }, WAIT_MS);
      const finish = () => {
        clearTimeout(timer);
        arrivals.delete(check);
      };
      arrivals.add(check);
      check();
    });

  return {
    port,
    mails,
    // the recipient's next mail not handed out before, waiting for it to arrive
    nextMail: async (recipient: string) => {
      const key = recipient.toLowerCase();
      const index = taken.get(key) ?? 0;
      const mail = await waitFor(() => to(key)[index], `mail ${index + 1} to ${recipient}`);
      taken.set(key, index + 1);
      return mail;
    },
    // every mail to the recipient once at least `count` arrived
    mailsTo: (recipient: string, count = 1) => waitFor(() => (to(recipient).length >= count ? to(recipient) : undefined), `${count} mails to ${recipient}`),
    // mails to the recipient so far, without waiting (to show that none came)
    receivedBy: (recipient: string) => to(recipient),
    // from now on every mail is answered with this SMTP code (4xx, 5xx), or accepted again (null)
    refuseWith: (code: number | null, message = 'refused by the test') => {
      refusal = code === null ? null : { code, message };
    },
    // the server's mail settings for startTestApp's overrides
    mailConfig: (linkBase: string, from = 'no-reply@atende.test'): MailConfig => ({
      transport: 'smtp',
      smtp: { host: '127.0.0.1', port, secure: false, requireTls: false, rejectUnauthorized: true, user: options.user, password: options.password, timeoutMs: 5_000 },
      from: { address: from },
      linkBase,
    }),
    // the same as environment variables, for a server started as a process (e2e/helpers/server.ts)
    env: (from = 'no-reply@atende.test'): Record<string, string> => ({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_FROM: from,
      ...(options.user ? { SMTP_USER: options.user, SMTP_PASSWORD: options.password ?? '' } : {}),
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
