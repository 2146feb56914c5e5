// The live socket's events into the product: messages (every 01-core §3 media type, edits,
// revokes, reactions, group messages, messages typed on the phone), receipts (acks), calls, and
// the LID <-> phone pairs Baileys reports.
import type { WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FileTypeResult } from 'file-type';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { decodesWithinLimit, isDecodedImageType } from '../../platform/images.ts';
import { detectFileType, withSpooledStream } from '../../platform/media-input.ts';
import type { Storage } from '../../platform/storage.ts';
import { findConnection } from '../../modules/connections/connections.repo.ts';
import { MEDIA_FOLDER } from '../../modules/messages/outbound-message.service.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import type { InboundMessage } from '../provider.ts';
import { ackOfReceipt, ackOfStatus } from './acks.ts';
import { identityOf, learnLidMapping } from './contact-identity.ts';
import { isGroupJid, isIgnoredChat, isLidJid, isPhoneJid, userOfJid } from './jid.ts';
import { readMessage } from './message-content.ts';
import type { OwnSends } from './own-sends.ts';
import { createProfilePictures } from './profile-pictures.ts';
import type { SessionContext, SessionHandlers } from './session-manager.ts';
import type { WhatsappSocket } from './socket.ts';

// the media's bytes as WhatsApp's servers send them, decrypted
export type MediaDownloader = (message: WAMessage, socket: WhatsappSocket) => Promise<Readable>;

// WhatsApp carries documents far larger than anything kept here; past this a message keeps no file
export const MAX_WHATSAPP_MEDIA_BYTES = 100 * 1024 * 1024;

// WhatsApp's newer stanzas name the other address of a sender beside the one it used; Baileys
// 6.17's key type does not declare them yet, so they are read when present.
type KeyWithAlternates = WAMessageKey & { remoteJidAlt?: string | null; senderPn?: string | null; participantAlt?: string | null; participantPn?: string | null };

const GROUP_NAME_CACHE_SIZE = 500;

const extensionOf = (detected: FileTypeResult | undefined, mimetype: string | undefined, fileName: string | undefined) => {
  if (detected) return detected.ext;
  const fromName = fileName?.split('.').pop()?.toLowerCase();
  if (fromName && /^[a-z0-9]{1,8}$/.test(fromName)) return fromName;
  const fromMime = mimetype?.split(';')[0].split('/')[1]?.toLowerCase();
  return fromMime && /^[a-z0-9]{1,8}$/.test(fromMime) ? fromMime : 'bin';
};

export const createInboundHandlers = (deps: {
  db: Db;
  bus: EventBus;
  pipeline: InboundPipeline;
  storage: Storage;
  downloadMedia: MediaDownloader;
  ownSends: OwnSends;
  log: FastifyBaseLogger;
}) => {
  const groupNames = new Map<string, string>();
  const askPicture = createProfilePictures({ db: deps.db, log: deps.log });

  const groupName = async (socket: WhatsappSocket, jid: string) => {
    const cached = groupNames.get(jid);
    if (cached) return cached;
    const subject = await socket.groupMetadata?.(jid).then((metadata) => metadata.subject).catch(() => undefined);
    if (!subject) return userOfJid(jid);
    if (groupNames.size >= GROUP_NAME_CACHE_SIZE) groupNames.clear();
    groupNames.set(jid, subject);
    return subject;
  };

  const saveMedia = async (context: SessionContext, message: WAMessage, read: { mimetype?: string; fileName?: string }) => {
    try {
      // spooled to disk and stored as a stream: a large document is never held whole in memory
      const download = await deps.downloadMedia(message, context.socket);
      return await withSpooledStream(download, MAX_WHATSAPP_MEDIA_BYTES, async (file) => {
        const detected = await detectFileType(file);
        if (detected && isDecodedImageType(detected.mime) && !(await decodesWithinLimit(file))) {
          throw new Error('an image that does not decode within the pixel limit is not kept');
        }
        const extension = extensionOf(detected, read.mimetype, read.fileName);
        const name = await deps.storage.save(context.companyId, MEDIA_FOLDER, createReadStream(file.path), extension);
        return deps.storage.urlOf(context.companyId, MEDIA_FOLDER, name);
      });
    } catch (error) {
      // the message is kept without its file rather than lost
      deps.log.warn({ err: error, connectionId: context.connectionId, id: message.key.id }, 'whatsapp media download failed');
      return null;
    }
  };

  const senderOf = async (context: SessionContext, message: WAMessage): Promise<InboundMessage['from'] & { participant?: string }> => {
    const key = message.key as KeyWithAlternates;
    const chat = key.remoteJid ?? '';
    if (isGroupJid(chat)) return { number: userOfJid(chat), name: await groupName(context.socket, chat), isGroup: true, participant: key.participant ?? undefined };
    const alternate = key.remoteJidAlt ?? key.senderPn ?? null;
    if (alternate && isLidJid(chat) !== isLidJid(alternate)) {
      const [lid, phone] = isLidJid(chat) ? [chat, alternate] : [alternate, chat];
      await learnLidMapping(deps, context.companyId, lid, phone);
    }
    const identity = await identityOf(deps.db, context.companyId, chat, alternate);
    const name = key.fromMe ? identity.number : message.pushName?.trim() || identity.number;
    return { number: identity.number, lid: identity.lid, name };
  };

  // the stored message's ticket, or undefined when the message is not one the product keeps;
  // fromHistory: a message of the history sync (history-import.ts), not one arriving now
  const receive = async (context: SessionContext, message: WAMessage, fromHistory?: InboundMessage['fromHistory']): Promise<{ ticketId: number | null } | undefined> => {
    const { key } = message;
    if (!key.id || !key.remoteJid || isIgnoredChat(key.remoteJid)) return;
    // our own sends come back from the socket; the outbound job records them
    if (key.fromMe && deps.ownSends.has(key.id)) return;
    const read = readMessage(message);
    if (!read) return;
    const base = { companyId: context.companyId, connectionId: context.connectionId };
    if (read.kind !== 'message') {
      await deps.pipeline.change(read.kind === 'edit' ? { ...base, kind: 'edit', providerMessageId: read.targetId, body: read.body } : { ...base, kind: 'revoke', providerMessageId: read.targetId });
      return;
    }
    if (isGroupJid(key.remoteJid)) {
      const connection = await findConnection(deps.db, context.companyId, context.connectionId);
      if (!connection?.allowGroup) return;
    }
    const { participant, ...from } = await senderOf(context, message);
    const stored = await deps.pipeline.receive({
      ...base,
      providerMessageId: key.id,
      from,
      body: read.body,
      mediaType: read.mediaType,
      mediaUrl: read.hasMedia ? await saveMedia(context, message, read) : null,
      fromMe: key.fromMe ?? false,
      quotedProviderMessageId: read.quotedId ?? null,
      vCard: read.vCard ?? null,
      participant: participant ?? null,
      fromHistory,
    });
    if (!stored.duplicate && !from.isGroup && !key.fromMe && stored.contactId) askPicture(context, stored.contactId, key.remoteJid);
    return stored;
  };

  const acknowledge = (context: SessionContext, key: WAMessageKey, ack: number | undefined) =>
    key.id && ack !== undefined
      ? deps.pipeline.acknowledge({ companyId: context.companyId, connectionId: context.connectionId, providerMessageId: key.id, ack })
      : Promise.resolve(false);

  const handlers: SessionHandlers = {
    'messages.upsert': async (context, { messages }) => {
      for (const message of messages) await receive(context, message);
    },
    'messages.update': async (context, updates) => {
      for (const { key, update } of updates) {
        if (key.fromMe && typeof update.status === 'number') await acknowledge(context, key, ackOfStatus(update.status));
      }
    },
    'message-receipt.update': async (context, receipts) => {
      for (const { key, receipt } of receipts) if (key.fromMe) await acknowledge(context, key, ackOfReceipt(receipt));
    },
    'contacts.upsert': async (context, contacts) => {
      for (const contact of contacts) {
        if (contact.lid && isPhoneJid(contact.id)) await learnLidMapping(deps, context.companyId, contact.lid, contact.id);
      }
    },
    'contacts.update': async (context, contacts) => {
      for (const contact of contacts) {
        if (contact.lid && contact.id && isPhoneJid(contact.id)) await learnLidMapping(deps, context.companyId, contact.lid, contact.id);
      }
    },
    'chats.phoneNumberShare': async (context, { lid, jid }) => {
      if (isLidJid(lid) && isPhoneJid(jid)) await learnLidMapping(deps, context.companyId, lid, jid);
    },
  };
  return { handlers, receive };
};
