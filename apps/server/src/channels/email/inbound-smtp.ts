// The platform's SMTP receiver of forwarded mail (docs/email.md): listens on INBOUND_SMTP_PORT
// and takes mail only for the forwarding addresses of email connections (<token>@INBOUND_EMAIL_DOMAIN,
// checked at RCPT TO, so a stranger's mail is refused before its data), at most MAX_RECIPIENTS
// of them and INBOUND_EMAIL_MAX_BYTES (announced with the SIZE extension, and refused when a client
// sends more anyway). An accepted mail is kept in the company's storage as it came and queued as a
// job per connection (email-inbound.jobs.ts); the SMTP answer waits only for that.
import type { FastifyBaseLogger } from 'fastify';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../../db/client.ts';
import { readConnectionByExternalId, type ConnectionRow } from '../../modules/connections/connections.repo.ts';
import type { Storage } from '../../platform/storage.ts';
import { enqueueEmailMail, INBOUND_MAIL_FOLDER } from './email-inbound.jobs.ts';

const MAX_RECIPIENTS = 10;
// a client that stalls holds a socket for no longer than this
const SOCKET_TIMEOUT_MS = 60_000;
const MAX_CLIENTS = 200;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export const startInboundSmtp = async (deps: { db: Db; storage: Storage; log: FastifyBaseLogger; port: number; host: string; domain: string; maxBytes: number }) => {
  const { log } = deps;
  // the connections each session's accepted recipients name, by session id
  const recipients = new Map<string, ConnectionRow[]>();
  // RCPT TO commands of each session's mail, refused ones too: a sender trying thousands of
  // addresses is cut off as one naming thousands of ours
  const attempts = new Map<string, number>();

  const connectionOf = async (address: SMTPServerAddress) => {
    const [local, domain] = address.address.toLowerCase().split('@');
    if (domain !== deps.domain || !/^[a-z0-9]{20}$/.test(local ?? '')) return undefined;
    return readConnectionByExternalId(deps.db, 'email', local);
  };

  const readAll = async (stream: NodeJS.ReadableStream & { sizeExceeded?: boolean }) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // past the cap the rest is read and dropped: the client hears the refusal at its end
      if (size <= deps.maxBytes) chunks.push(chunk as Buffer);
    }
    return stream.sizeExceeded || size > deps.maxBytes ? undefined : Buffer.concat(chunks);
  };

  const accept = async (session: SMTPServerSession, stream: NodeJS.ReadableStream & { sizeExceeded?: boolean }) => {
    const data = await readAll(stream);
    const connections = recipients.get(session.id) ?? [];
    const sender = session.envelope.mailFrom === false ? null : session.envelope.mailFrom.address;
    if (!data) {
      log.warn({ sender, maxBytes: deps.maxBytes }, 'inbound email refused: over the size limit');
      throw smtpError(552, `Message exceeds the ${deps.maxBytes} byte limit`);
    }
    for (const connection of connections) {
      const file = await deps.storage.save(connection.companyId, INBOUND_MAIL_FOLDER, data, 'eml');
      await enqueueEmailMail(deps.db, connection, { file, sender });
    }
  };

  const server = new SMTPServer({
    name: deps.domain,
    size: deps.maxBytes,
    // forwarding servers deliver without logging in
    disabledCommands: ['AUTH'],
    authOptional: true,
    maxClients: MAX_CLIENTS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    logger: false,
    onMailFrom: (_address, session, done) => {
      recipients.delete(session.id);
      attempts.delete(session.id);
      done();
    },
    onRcptTo: (address, session, done) => {
      const accepted = recipients.get(session.id) ?? [];
      const attempt = (attempts.get(session.id) ?? 0) + 1;
      attempts.set(session.id, attempt);
      if (attempt > MAX_RECIPIENTS) {
        if (attempt === MAX_RECIPIENTS + 1) log.warn({ maxRecipients: MAX_RECIPIENTS }, 'inbound email recipients refused: too many recipients');
        return done(smtpError(452, 'Too many recipients'));
      }
      connectionOf(address)
        .then((connection) => {
          if (!connection) {
            log.info({ recipient: address.address }, 'inbound email refused: unknown recipient');
            return done(smtpError(550, 'No such mailbox here'));
          }
          recipients.set(session.id, [...accepted.filter((known) => known.id !== connection.id), connection]);
          done();
        })
        .catch((error: Error) => done(smtpError(451, `Try again later (${error.message})`)));
    },
    onData: (stream, session, done) => {
      accept(session, stream)
        .then(() => done())
        .catch((error: Error & { responseCode?: number }) => done(error.responseCode ? error : smtpError(451, 'Try again later')))
        .finally(() => {
          recipients.delete(session.id);
          attempts.delete(session.id);
        });
    },
    onClose: (session) => {
      recipients.delete(session.id);
      attempts.delete(session.id);
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'inbound SMTP error'));
  server.listen(deps.port, deps.host);
  await once(server.server, 'listening');
  log.info({ port: (server.server.address() as AddressInfo).port }, 'inbound SMTP receiver listening');

  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type InboundSmtp = Awaited<ReturnType<typeof startInboundSmtp>>;

declare module 'fastify' {
  interface FastifyInstance {
    // the receiver once listening (tests read its port when INBOUND_SMTP_PORT is 0)
    inboundSmtp: { receiver?: InboundSmtp };
  }
}
