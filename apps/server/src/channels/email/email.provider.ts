// An email connection's answers leave through the company's own SMTP server (smtp-account.ts) as
// proper replies: From the support address, Subject "Re: <the thread's subject> [#ticket]" (the
// token threads an answer whose headers a mail client dropped), In-Reply-To the customer's latest
// mail and References the thread's Message-IDs, the attachment from storage, and the company's
// signature (the emailSignature setting) under the text in both the plain and the HTML part; the
// message in the chat stays the attendant's text. Our own Message-ID is
// the message's provider id, so the customer's reply to it threads. Email has no edit or deletion
// of a sent mail: both are refused.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { findConnectionOfChannel } from '../../modules/connections/connections.repo.ts';
import { findMessage, recentPublicMessages } from '../../modules/messages/messages.repo.ts';
import { readCompanySettings } from '../../modules/settings/company-settings.repo.ts';
import { escapeHtml } from '../../platform/mail/mail-layout.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Storage } from '../../platform/storage.ts';
import { documentCaption, ProviderRejection, type ChannelProvider, type OutboundPayload } from '../provider.ts';
import { subjectWithToken } from './mail-reading.ts';
import { rejectionOf, smtpAccountOf, type SmtpConnector } from './smtp-account.ts';

// how far back the thread's headers are read, and how many Message-IDs References carries
const THREAD_MESSAGES = 50;
const MAX_REFERENCES = 20;

const isMessageId = (id: string | null): id is string => Boolean(id && /^<[^<>\s]+@[^<>\s]+>$/.test(id));

// The answer's plain and HTML parts: the text, then the signature under the usual "-- " line.
const answerBodiesOf = (text: string, signature: string) => {
  const signed = signature.trim();
  return {
    text: signed ? `${text}\n\n-- \n${signed}` : text,
    html: `<div style="white-space:pre-wrap">${escapeHtml(text)}</div>` + (signed ? `<br><div style="white-space:pre-wrap;color:#555555">-- \n${escapeHtml(signed)}</div>` : ''),
  };
};

const emailOf = (dataJson: unknown) => (dataJson as { email?: { subject?: string } } | null)?.email;

export const createEmailProvider = (deps: { db: Db; storage: Storage; secrets: SecretBox; smtp: SmtpConnector }): ChannelProvider => {
  const threadOf = async (payload: OutboundPayload) => {
    const message = await findMessage(deps.db, payload.companyId, payload.messageId);
    if (!message) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'email answer without its message');
    const recent = await recentPublicMessages(deps.db, payload.companyId, message.ticketId, THREAD_MESSAGES);
    const mails = recent.filter((one) => isMessageId(one.providerMessageId));
    const customerMails = mails.filter((one) => !one.fromMe);
    const latest = customerMails.at(-1);
    const subject = customerMails.map((one) => emailOf(one.dataJson)?.subject).reverse().find(Boolean) ?? '';
    return {
      ticketId: message.ticketId,
      subject,
      inReplyTo: latest?.providerMessageId ?? undefined,
      references: mails.map((one) => one.providerMessageId as string).slice(-MAX_REFERENCES),
    };
  };

  const attachmentsOf = (payload: OutboundPayload, send: (attachments: { filename: string; path: string }[]) => Promise<void>) => {
    if (!payload.mediaUrl) return send([]);
    return deps.storage.withCompanyFile(payload.companyId, payload.mediaUrl, (file) => send([{ filename: payload.fileName || file.name, path: file.path }]));
  };

  return {
    send: async (payload) => {
      if (payload.template) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'email has no templates');
      if (payload.to.isGroup || !payload.to.number.includes('@')) throw new ProviderRejection('ERR_WAPP_INVALID_CONTACT', 'an email answer needs the contact\'s address');
      const connection = await findConnectionOfChannel(deps.db, payload.companyId, payload.connectionId, 'email');
      const account = connection && smtpAccountOf(deps.secrets, connection);
      if (!account) throw new ProviderRejection('ERR_WAPP_NOT_INITIALIZED', 'email connection without its SMTP settings');
      const thread = await threadOf(payload);
      const domain = account.supportAddress.split('@')[1];
      const messageId = `<${randomUUID()}@${domain}>`;
      const { emailSignature } = await readCompanySettings(deps.db, payload.companyId);
      const bodies = answerBodiesOf(payload.mediaUrl ? (documentCaption(payload) ?? '') : payload.body, emailSignature);
      try {
        const transport = await deps.smtp.transportFor(account);
        try {
          await attachmentsOf(payload, async (attachments) => {
            await transport.sendMail({
              from: { address: account.supportAddress, name: connection.name },
              to: payload.to.number,
              subject: subjectWithToken(thread.subject, thread.ticketId),
              ...bodies,
              messageId,
              inReplyTo: thread.inReplyTo,
              references: thread.references.length ? thread.references : undefined,
              attachments,
            });
          });
        } finally {
          transport.close();
        }
      } catch (error) {
        throw rejectionOf(error) ?? error;
      }
      // accepted by the company's server: 'sent'; mail tells of no delivery or reading
      return { providerMessageId: messageId, ack: 1 };
    },
    edit: async () => {
      throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'a sent email cannot be edited');
    },
    remove: async () => {
      throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'a sent email cannot be deleted');
    },
  };
};
