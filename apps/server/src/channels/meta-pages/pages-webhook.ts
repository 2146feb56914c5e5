// Messenger and Instagram webhook deliveries (object page or instagram, entry[].messaging[]):
// customer messages, attachments, reactions and postbacks into the inbound pipeline; delivery
// and read receipts as acks. The connection is the one whose account id is the entry id.
// Echoes of the page's own messages are skipped: what we send is already stored, and an echo
// can arrive before the send call returns its id.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { normalizeNumber } from '@atende/shared/phone';
import type { Db } from '../../db/client.ts';
import { readConnectionByExternalId, type ConnectionRow } from '../../modules/connections/connections.repo.ts';
import { findContactByNumber } from '../../modules/contacts/contacts.repo.ts';
import { findByProviderId } from '../../modules/messages/messages.repo.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import type { GraphClient } from '../meta-graph/graph-client.ts';
import { MAX_INBOUND_MEDIA_BYTES, storeInboundMedia } from '../meta-graph/inbound-media.ts';
import type { WebhookEnvelope } from '../meta-graph/webhook-routes.ts';
import { ProviderRejection, type InboundMessage } from '../provider.ts';
import { pageCredentialsOf, type PageChannel } from './page-credentials.ts';

const text = z.string().max(100_000);
const id = z.string().min(1).max(500);

const attachmentSchema = z.object({
  type: z.string().max(50),
  payload: z.object({ url: z.string().url().max(5000).optional(), title: text.optional() }).nullish(),
});

const eventSchema = z.object({
  sender: z.object({ id }),
  recipient: z.object({ id }),
  timestamp: z.number().optional(),
  message: z
    .object({
      mid: id,
      text: text.optional(),
      is_echo: z.boolean().optional(),
      reply_to: z.object({ mid: id.optional() }).optional(),
      attachments: z.array(attachmentSchema).max(50).optional(),
    })
    .optional(),
  delivery: z.object({ mids: z.array(id).max(1000).optional(), watermark: z.number().optional() }).optional(),
  read: z.object({ watermark: z.number().optional(), mid: id.optional() }).optional(),
  reaction: z.object({ mid: id, action: z.string().max(20).optional(), emoji: text.optional() }).optional(),
  postback: z.object({ mid: id.optional(), title: text.optional(), payload: text.optional() }).optional(),
});
type PageEvent = z.infer<typeof eventSchema>;

const entrySchema = z.object({ id, messaging: z.array(eventSchema).max(1000).optional() });

const channelOfObject: Record<string, PageChannel> = { page: 'facebook', instagram: 'instagram' };

const downloadable: Record<string, true> = { image: true, audio: true, video: true, file: true };

export const createPagesWebhookHandler = (deps: {
  db: Db;
  pipeline: InboundPipeline;
  graph: GraphClient;
  storage: Storage;
  log: FastifyBaseLogger;
}) => {
  const { log } = deps;

  // A new contact is named from its profile; a known one keeps the name the company gave it.
  const senderName = async (connection: ConnectionRow, senderId: string) => {
    const known = await findContactByNumber(deps.db, connection.companyId, normalizeNumber(senderId));
    if (known) return known.name;
    const credentials = pageCredentialsOf(connection);
    if (!credentials) return '';
    const fields = connection.channel === 'instagram' ? 'name,username' : 'name';
    try {
      const profile = await deps.graph.get<{ name?: string; username?: string }>(senderId, { token: credentials.accessToken, query: { fields } });
      return profile.name || profile.username || '';
    } catch (error) {
      // a profile is a nicety; the message is stored with the sender id as its name
      log.info({ connectionId: connection.id, reason: (error as Error).message }, 'sender profile unavailable');
      return '';
    }
  };

  const attachmentMessage = async (connection: ConnectionRow, attachment: z.infer<typeof attachmentSchema>) => {
    const url = attachment.payload?.url;
    if (url && downloadable[attachment.type]) {
      try {
        const { data } = await deps.graph.download(url, undefined, MAX_INBOUND_MEDIA_BYTES);
        const stored = await storeInboundMedia(deps.storage, connection.companyId, data, new URL(url).pathname.split('/').pop() ?? 'file');
        if (stored) return { body: '', ...stored };
        log.warn({ connectionId: connection.id, type: attachment.type }, 'attachment of a refused type dropped');
      } catch (error) {
        // a link Meta refuses (expired, gone, too large) will not work later: keep the link text
        if (!(error instanceof ProviderRejection)) throw error;
        log.warn({ connectionId: connection.id, type: attachment.type, reason: error.message }, 'attachment unavailable');
      }
    }
    return { body: [attachment.payload?.title, url].filter(Boolean).join('\n') || `[${attachment.type}]` };
  };

  // One event as the pipeline's messages (an attachment each, the text with the first).
  const messagesOf = async (connection: ConnectionRow, event: PageEvent): Promise<Array<Omit<InboundMessage, 'companyId' | 'connectionId' | 'from'>>> => {
    const { message, reaction, postback } = event;
    if (message) {
      const quotedProviderMessageId = message.reply_to?.mid ?? null;
      const attachments = message.attachments ?? [];
      if (attachments.length === 0) return [{ providerMessageId: message.mid, body: message.text ?? '', quotedProviderMessageId }];
      const parts = [];
      for (const [index, attachment] of attachments.entries()) {
        const providerMessageId = index === 0 ? message.mid : `${message.mid}:${index}`;
        if (await findByProviderId(deps.db, connection.companyId, connection.id, providerMessageId)) continue;
        const part = await attachmentMessage(connection, attachment);
        parts.push({ ...part, providerMessageId, body: index === 0 && message.text ? message.text : part.body, quotedProviderMessageId });
      }
      return parts;
    }
    if (reaction && reaction.action !== 'unreact') {
      return [
        {
          providerMessageId: `${reaction.mid}:reaction:${event.sender.id}:${event.timestamp ?? 0}`,
          body: reaction.emoji ?? '',
          mediaType: 'reactionMessage',
          quotedProviderMessageId: reaction.mid,
        },
      ];
    }
    if (postback) {
      return [{ providerMessageId: postback.mid ?? `postback:${event.sender.id}:${event.timestamp ?? 0}`, body: postback.title ?? postback.payload ?? '' }];
    }
    return [];
  };

  const receipts = async (connection: ConnectionRow, event: PageEvent) => {
    const base = { companyId: connection.companyId, connectionId: connection.id };
    for (const mid of event.delivery?.mids ?? []) await deps.pipeline.acknowledge({ ...base, providerMessageId: mid, ack: 2 });
    if (event.read?.mid) await deps.pipeline.acknowledge({ ...base, providerMessageId: event.read.mid, ack: 3 });
    else if (event.read?.watermark) {
      await deps.pipeline.acknowledgeUntil({ ...base, contactNumber: normalizeNumber(event.sender.id), until: new Date(event.read.watermark), ack: 3 });
    }
  };

  const receive = async (connection: ConnectionRow, event: PageEvent) => {
    if (event.message?.is_echo) return;
    if (event.delivery || event.read) return receipts(connection, event);
    const parts = await messagesOf(connection, event);
    if (parts.length === 0) {
      log.info({ connectionId: connection.id, keys: Object.keys(event) }, 'page webhook event of an unhandled kind ignored');
      return;
    }
    const name = await senderName(connection, event.sender.id);
    for (const part of parts) {
      await deps.pipeline.receive({ ...part, companyId: connection.companyId, connectionId: connection.id, from: { number: event.sender.id, name } }, connection);
    }
  };

  return async (envelope: WebhookEnvelope) => {
    const channel = channelOfObject[envelope.object];
    if (!channel) {
      log.info({ object: envelope.object }, 'page webhook for another product ignored');
      return;
    }
    // the whole delivery is checked before anything is stored: a malformed one changes nothing
    const entries = z.array(entrySchema).safeParse(envelope.entry);
    if (!entries.success) throw new AppError('ERR_VALIDATION', 400);
    for (const entry of entries.data) {
      const connection = await readConnectionByExternalId(deps.db, channel, entry.id);
      if (!connection) {
        log.warn({ channel, accountId: entry.id }, 'page webhook for an unknown account ignored');
        continue;
      }
      for (const event of entry.messaging ?? []) await receive(connection, event);
    }
  };
};
