// A mail the receiver accepted (inbound-smtp.ts), read here on the job runner: parsed with
// mailparser within bounds (parts, header size, HTML length, time), automatic mails (auto-replies,
// bounces) dropped with a log line, then stored through the inbound pipeline: its fresh text as
// the message (its Message-ID the provider id, so one mail delivered twice is stored once), and each
// attachment as a message of its own after it. A mail that answers an earlier one of this
// connection (In-Reply-To/References, else "[#ticket]" in the subject) joins that thread's contact
// and quotes the message it answers. The subject, sanitised HTML (its inline images pointing at
// their stored copies) and folded quoted history are the message's dataJson.email, written with
// the message in one statement. The stored raw mail is removed once read.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findConnectionOfChannel, type ConnectionRow } from '../../modules/connections/connections.repo.ts';
import { findContact } from '../../modules/contacts/contacts.repo.ts';
import { findByProviderId, findByProviderIds, lastPublicMessage } from '../../modules/messages/messages.repo.ts';
import { findTicket } from '../../modules/tickets/tickets.repo.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { StoredFileMissing, type Storage } from '../../platform/storage.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import { MAX_INBOUND_MEDIA_BYTES, storeInboundMedia } from '../meta-graph/inbound-media.ts';
import { automaticMailReason, contentIdOf, referencedIdsOf, sanitizedHtmlOf, splitQuoted, ticketTokenOf } from './mail-reading.ts';

export const INBOUND_MAIL_FOLDER = 'email-inbound';

const MAX_ATTACHMENTS = 20;
// a mail's text beyond this is cut (the whole stays in its HTML and the mailbox)
const MAX_BODY_CHARS = 100_000;

// A hostile MIME tree (issue 41 "Bad input") is bounded: past these the parser gives up and the
// mail is dropped. A mail attached to a mail (message/rfc822) is not parsed into it but kept as
// an attachment, which the upload allow-list then refuses; attachments are never unpacked.
const PARSE_OPTIONS = {
  skipTextToHtml: true,
  skipImageLinks: true,
  maxChildNodes: 200,
  // a part's header block: a mail to thousands of recipients has a few hundred kB of them
  maxHeadSize: 1024 * 1024,
  maxHtmlLengthToParse: 2 * 1024 * 1024,
  ignoreEmbedded: true,
  checksumAlgo: false,
} as const;
// a parse still running by then is abandoned, so one mail cannot hold its connection's queue
const PARSE_DEADLINE_MS = 30_000;

const parseBounded = (raw: Buffer) => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not parsed within ${PARSE_DEADLINE_MS} ms`)), PARSE_DEADLINE_MS);
  });
  return Promise.race([simpleParser(raw, PARSE_OPTIONS), deadline]).finally(() => clearTimeout(timer));
};

export const emailMailJob = defineJobKind({
  name: 'email.mail',
  payload: z.object({
    companyId: z.number().int().positive(),
    connectionId: z.number().int().positive(),
    file: z.string().regex(/^[\w.-]{1,200}$/),
    // the envelope's sender; null for MAIL FROM:<> (a bounce)
    sender: z.string().max(320).nullable(),
  }),
  priority: 'interactive',
});

// A connection's mails are read in the order they came, so a thread's messages stay in order.
export const enqueueEmailMail = (db: DbOrTx, connection: ConnectionRow, mail: { file: string; sender: string | null }) =>
  enqueueJob(db, emailMailJob, { companyId: connection.companyId, connectionId: connection.id, ...mail }, { orderingKey: `email:${connection.id}` });

// a mail without a Message-ID gets one from its content, so reading it twice still stores it once
const messageIdOf = (mail: ParsedMail, raw: Buffer) => mail.messageId?.trim() || `<${createHash('sha256').update(raw).digest('hex')}@no-message-id>`;

export const registerEmailMailJob = (
  runner: Pick<JobRunner, 'register'>,
  deps: { db: Db; pipeline: InboundPipeline; storage: Storage; log: FastifyBaseLogger },
) => {
  const { db, log } = deps;

  // The thread the mail answers in this connection: the message it answers and that thread's contact.
  const threadOf = async (connection: ConnectionRow, mail: ParsedMail) => {
    const ids = referencedIdsOf(mail);
    const found = ids.length ? await findByProviderIds(db, connection.companyId, connection.id, ids) : [];
    const answered = ids.map((id) => found.find((message) => message.providerMessageId === id)).find(Boolean);
    if (answered) return { providerMessageId: answered.providerMessageId, contactId: answered.contactId };
    const ticketId = ticketTokenOf(mail.subject);
    const ticket = ticketId === undefined ? undefined : await findTicket(db, connection.companyId, ticketId);
    if (!ticket || ticket.whatsappId !== connection.id) return undefined;
    const last = await lastPublicMessage(db, connection.companyId, ticket.id);
    return { providerMessageId: last?.providerMessageId ?? null, contactId: ticket.contactId };
  };

  // The mail's attachments in the company's storage (each typed by content, as an upload is), with
  // the Content-ID an inline one is named by in the HTML; one too large or of a refused type is dropped.
  const storeAttachments = async (connection: ConnectionRow, attachments: Attachment[]) => {
    if (attachments.length > MAX_ATTACHMENTS) log.warn({ connectionId: connection.id, attachments: attachments.length, kept: MAX_ATTACHMENTS }, 'inbound email attachments dropped: too many');
    const stored = [];
    for (const [index, attachment] of attachments.slice(0, MAX_ATTACHMENTS).entries()) {
      const fileName = attachment.filename ?? `attachment-${index + 1}`;
      const media = attachment.size <= MAX_INBOUND_MEDIA_BYTES ? await storeInboundMedia(deps.storage, connection.companyId, attachment.content, fileName) : undefined;
      if (!media) log.warn({ connectionId: connection.id, fileName, size: attachment.size }, 'inbound email attachment dropped: too large or of a refused type');
      stored.push({ index, fileName, contentId: attachment.cid ? contentIdOf(attachment.cid) : undefined, media });
    }
    return stored;
  };

  const read = async (connection: ConnectionRow, raw: Buffer, sender: string | null) => {
    const mail = await parseBounded(raw).catch((error: Error) => {
      // a MIME tree the parser gives up on will not read better on a retry
      log.warn({ connectionId: connection.id, reason: error.message, bytes: raw.length }, 'inbound email dropped: unreadable MIME');
      return undefined;
    });
    if (!mail) return;
    const from = mail.from?.value[0];
    const automatic = automaticMailReason(mail, sender);
    if (automatic || !from?.address) {
      log.info({ connectionId: connection.id, reason: automatic ?? 'no sender address', messageId: mail.messageId }, 'inbound email dropped: automatic mail');
      return;
    }
    const providerMessageId = messageIdOf(mail, raw);
    if (await findByProviderId(db, connection.companyId, connection.id, providerMessageId)) return;
    const thread = await threadOf(connection, mail);
    const threadContact = thread?.contactId ? await findContact(db, connection.companyId, thread.contactId) : undefined;
    const contactAddress = threadContact?.number ?? from.address.toLowerCase();
    const { fresh, quoted } = splitQuoted((mail.text ?? '').slice(0, MAX_BODY_CHARS));
    const attachments = await storeAttachments(connection, mail.attachments);
    const inlineImages = new Map(attachments.flatMap(({ contentId, media }) => (contentId && media?.mediaType === 'image' ? [[contentId, media.mediaUrl] as const] : [])));
    const html = typeof mail.html === 'string' ? sanitizedHtmlOf(mail.html, inlineImages) : '';
    const email = { subject: mail.subject ?? '', from: from.address, ...(quoted ? { quoted } : {}), ...(html ? { html } : {}) };
    const base = { companyId: connection.companyId, connectionId: connection.id, from: { number: contactAddress, name: threadContact?.name ?? (from.name || from.address) } };
    const stored = await deps.pipeline.receive(
      { ...base, providerMessageId, body: fresh || mail.subject || '', quotedProviderMessageId: thread?.providerMessageId ?? null, dataJson: { email } },
      connection,
    );
    if (stored.messageId === null || stored.duplicate) return;
    for (const { index, fileName, media } of attachments) {
      if (!media) continue;
      await deps.pipeline.receive(
        { ...base, providerMessageId: `${providerMessageId}#${index + 1}`, body: fileName, mediaType: media.mediaType, mediaUrl: media.mediaUrl, dataJson: { fileName } },
        connection,
      );
    }
  };

  runner.register(emailMailJob, {
    run: async ({ companyId, connectionId, file, sender }) => {
      const connection = await findConnectionOfChannel(db, companyId, connectionId, 'email');
      if (connection) {
        const raw = await deps.storage.withLocalCopy(companyId, INBOUND_MAIL_FOLDER, file, (path) => readFile(path)).catch((error: unknown) => {
          // removed by an earlier run that stored it
          if (error instanceof StoredFileMissing) return undefined;
          throw error;
        });
        if (raw) await read(connection, raw, sender);
      } else log.warn({ connectionId }, 'inbound email for a connection gone ignored');
      await deps.storage.remove(companyId, INBOUND_MAIL_FOLDER, file);
    },
  });
};
