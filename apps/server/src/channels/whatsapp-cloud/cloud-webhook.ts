// Cloud API webhook deliveries (object whatsapp_business_account, field messages): customer
// messages into the inbound pipeline, statuses as acks. The connection is found by the phone
// number id in the delivery's metadata. Events of other kinds are logged and ignored.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { MediaType } from '@atende/shared/messages';
import type { Db } from '../../db/client.ts';
import { readConnectionByExternalId, type ConnectionRow } from '../../modules/connections/connections.repo.ts';
import { findByProviderId } from '../../modules/messages/messages.repo.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import type { GraphClient } from '../meta-graph/graph-client.ts';
import { MAX_INBOUND_MEDIA_BYTES, storeInboundMedia } from '../meta-graph/inbound-media.ts';
import type { WebhookEnvelope } from '../meta-graph/webhook-routes.ts';
import { ProviderRejection, type InboundMessage } from '../provider.ts';
import { cloudCredentialsOf } from './cloud-credentials.ts';

const text = z.string().max(100_000);
const id = z.string().min(1).max(500);

const entrySchema = z.object({
  id: z.string().max(100).optional(),
  changes: z.array(z.object({ field: z.string().max(100), value: z.unknown() })).max(1000),
});

const mediaPart = z.object({ id, mime_type: z.string().max(200).optional(), caption: text.optional(), filename: text.optional() });

const messageSchema = z.object({
  from: z.string().min(1).max(50),
  id,
  type: z.string().max(50),
  context: z.object({ id: id.optional() }).optional(),
  text: z.object({ body: text }).optional(),
  image: mediaPart.optional(),
  audio: mediaPart.optional(),
  video: mediaPart.optional(),
  document: mediaPart.optional(),
  sticker: mediaPart.optional(),
  location: z
    .object({ latitude: z.number(), longitude: z.number(), name: text.optional(), address: text.optional() })
    .optional(),
  contacts: z
    .array(
      z.object({
        name: z.object({ formatted_name: text.optional() }).optional(),
        phones: z.array(z.object({ phone: text.optional(), wa_id: text.optional() })).max(50).optional(),
      }),
    )
    .max(50)
    .optional(),
  reaction: z.object({ message_id: id, emoji: text.optional() }).optional(),
  button: z.object({ text: text.optional(), payload: text.optional() }).optional(),
  interactive: z
    .object({
      type: z.string().max(50),
      button_reply: z.object({ id: text, title: text }).optional(),
      list_reply: z.object({ id: text, title: text, description: text.optional() }).optional(),
    })
    .optional(),
});
type CloudMessage = z.infer<typeof messageSchema>;

const statusSchema = z.object({
  id,
  status: z.string().max(50),
  recipient_id: z.string().max(50).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: text.optional() })).max(20).optional(),
});

const messagesValue = z.object({
  metadata: z.object({ phone_number_id: id, display_phone_number: z.string().max(50).optional() }),
  contacts: z.array(z.object({ wa_id: z.string().max(50).optional(), profile: z.object({ name: text.optional() }).optional() })).max(100).optional(),
  messages: z.array(z.unknown()).max(1000).optional(),
  statuses: z.array(z.unknown()).max(1000).optional(),
});

type MessageContent = Pick<InboundMessage, 'body' | 'mediaType' | 'mediaUrl' | 'quotedProviderMessageId' | 'vCard'>;

type Batch = {
  phoneNumberId: string;
  names: Map<string, string>;
  messages: CloudMessage[];
  statuses: Array<z.infer<typeof statusSchema>>;
};

const statusAck: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

// The Cloud API's media kinds as the product's media types (01-core §3 Message).
const mediaKinds = { image: 'image', audio: 'audio', video: 'video', document: 'application', sticker: 'image' } as const;
type MediaKind = keyof typeof mediaKinds;
const isMediaKind = (type: string): type is MediaKind => type in mediaKinds;

const vCardOf = (card: NonNullable<CloudMessage['contacts']>[number]) => {
  const name = card.name?.formatted_name ?? '';
  const phones = (card.phones ?? []).map((phone) => {
    const digits = (phone.wa_id ?? phone.phone ?? '').replace(/\D/g, '');
    return `TEL;type=CELL;waid=${digits}:+${digits}`;
  });
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:;${name};;;`, `FN:${name}`, ...phones, 'END:VCARD'].join('\n');
};

export const createCloudWebhookHandler = (deps: {
  db: Db;
  pipeline: InboundPipeline;
  graph: GraphClient;
  storage: Storage;
  log: FastifyBaseLogger;
}) => {
  const { log } = deps;

  const fetchMedia = async (connection: ConnectionRow, part: z.infer<typeof mediaPart>, kind: MediaKind) => {
    const credentials = cloudCredentialsOf(connection);
    if (!credentials) return undefined;
    let data: Buffer;
    try {
      const described = await deps.graph.get<{ url?: string }>(part.id, { token: credentials.accessToken });
      if (!described.url) return undefined;
      ({ data } = await deps.graph.download(described.url, credentials.accessToken, MAX_INBOUND_MEDIA_BYTES));
    } catch (error) {
      // media Meta refuses to hand over (expired, unknown, too large) will not come later: the
      // message is kept without it; an outage (GraphUnavailable) fails the delivery for a retry
      if (!(error instanceof ProviderRejection)) throw error;
      log.warn({ connectionId: connection.id, kind, reason: error.message }, 'cloud api media unavailable');
      return undefined;
    }
    const stored = await storeInboundMedia(deps.storage, connection.companyId, data, part.filename ?? `${kind}.bin`);
    if (!stored) log.warn({ connectionId: connection.id, kind }, 'cloud api media of a refused type dropped');
    return stored;
  };

  // The message's text, media and references in the pipeline's shape; undefined for kinds the
  // product does not show (system notices, orders, unsupported).
  const normalise = async (connection: ConnectionRow, message: CloudMessage): Promise<MessageContent | undefined> => {
    const quoted = message.context?.id ?? null;
    if (message.type === 'text' && message.text) return { body: message.text.body, quotedProviderMessageId: quoted };
    if (isMediaKind(message.type)) {
      const part = message[message.type];
      if (!part) return undefined;
      const stored = await fetchMedia(connection, part, message.type);
      const body = part.caption ?? part.filename ?? '';
      if (!stored) return { body: body || `[${message.type}]`, quotedProviderMessageId: quoted };
      const mediaType: MediaType = message.type === 'document' ? stored.mediaType : mediaKinds[message.type];
      return { body, mediaUrl: stored.mediaUrl, mediaType, quotedProviderMessageId: quoted };
    }
    if (message.type === 'location' && message.location) {
      const { latitude, longitude, name, address } = message.location;
      const link = `https://maps.google.com/maps?q=${latitude}%2C${longitude}`;
      return { body: [name, address, link].filter(Boolean).join('\n'), mediaType: 'locationMessage' };
    }
    if (message.type === 'contacts' && message.contacts?.length) {
      const [card] = message.contacts;
      return { body: card.name?.formatted_name ?? '', mediaType: 'contactMessage', vCard: vCardOf(card) };
    }
    if (message.type === 'reaction' && message.reaction) {
      return { body: message.reaction.emoji ?? '', mediaType: 'reactionMessage', quotedProviderMessageId: message.reaction.message_id };
    }
    if (message.type === 'button' && message.button) return { body: message.button.text ?? message.button.payload ?? '', quotedProviderMessageId: quoted };
    if (message.type === 'interactive' && message.interactive) {
      const reply = message.interactive.button_reply ?? message.interactive.list_reply;
      if (reply) return { body: reply.title, quotedProviderMessageId: quoted };
    }
    return undefined;
  };

  const receiveMessages = async (connection: ConnectionRow, batch: Batch) => {
    for (const message of batch.messages) {
      // a repeated delivery: the pipeline would ignore it, and its media need not be fetched again
      if (await findByProviderId(deps.db, connection.companyId, connection.id, message.id)) continue;
      const content = await normalise(connection, message);
      if (!content) {
        log.info({ connectionId: connection.id, type: message.type }, 'cloud api message of an unhandled type ignored');
        continue;
      }
      await deps.pipeline.receive({
        companyId: connection.companyId,
        connectionId: connection.id,
        providerMessageId: message.id,
        from: { number: message.from, name: batch.names.get(message.from) ?? '' },
        ...content,
      }, connection);
    }
  };

  const receiveStatuses = async (connection: ConnectionRow, batch: Batch) => {
    for (const status of batch.statuses) {
      const receipt = { companyId: connection.companyId, connectionId: connection.id, providerMessageId: status.id };
      if (status.status === 'failed') {
        const outsideWindow = status.errors?.some((error) => error.code === 131047);
        await deps.pipeline.reportFailure({ ...receipt, code: outsideWindow ? 'ERR_OUTSIDE_24H_WINDOW' : 'ERR_SENDING_WAPP_MSG' });
      } else if (status.status in statusAck) {
        await deps.pipeline.acknowledge({ ...receipt, ack: statusAck[status.status] });
      } else {
        log.info({ connectionId: connection.id, status: status.status }, 'cloud api status of an unknown kind ignored');
      }
    }
  };

  // The whole delivery is checked before anything is stored: a malformed one changes nothing.
  const parseDelivery = (envelope: WebhookEnvelope): Batch[] => {
    const entries = z.array(entrySchema).safeParse(envelope.entry);
    if (!entries.success) throw new AppError('ERR_VALIDATION', 400);
    const batches: Batch[] = [];
    for (const change of entries.data.flatMap((entry) => entry.changes)) {
      if (change.field !== 'messages') {
        log.info({ field: change.field }, 'cloud api webhook field ignored');
        continue;
      }
      const value = messagesValue.safeParse(change.value);
      const messages = z.array(messageSchema).safeParse(value.data?.messages ?? []);
      const statuses = z.array(statusSchema).safeParse(value.data?.statuses ?? []);
      if (!value.success || !messages.success || !statuses.success) throw new AppError('ERR_VALIDATION', 400);
      batches.push({
        phoneNumberId: value.data.metadata.phone_number_id,
        names: new Map((value.data.contacts ?? []).map((contact) => [contact.wa_id ?? '', contact.profile?.name ?? ''])),
        messages: messages.data,
        statuses: statuses.data,
      });
    }
    return batches;
  };

  return async (envelope: WebhookEnvelope) => {
    if (envelope.object !== 'whatsapp_business_account') {
      log.info({ object: envelope.object }, 'cloud api webhook for another product ignored');
      return;
    }
    for (const batch of parseDelivery(envelope)) {
      const connection = await readConnectionByExternalId(deps.db, 'whatsappapi', batch.phoneNumberId);
      if (!connection) {
        log.warn({ phoneNumberId: batch.phoneNumberId }, 'cloud api webhook for an unknown number ignored');
        continue;
      }
      await receiveMessages(connection, batch);
      await receiveStatuses(connection, batch);
    }
  };
};
