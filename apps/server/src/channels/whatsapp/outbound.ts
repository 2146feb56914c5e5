// The WhatsApp (Baileys) provider: outbound message jobs become Baileys sends through the socket
// this process owns. Without a connected socket here the job fails and is retried, so messages
// wait in the queue while the session is down and go out when it is back (within the job's retry
// cap; past it the job is failed, and the super admin can retry it).
import { generateMessageIDV2, type AnyMessageContent, type WAMessage } from '@whiskeysockets/baileys';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import * as messagesRepo from '../../modules/messages/messages.repo.ts';
import type { ChannelProvider, OutboundPayload } from '../provider.ts';
import { groupJid, isLidJid, phoneJid, userOfJid } from './jid.ts';
import type { OwnSends } from './own-sends.ts';
import type { SessionManager } from './session-manager.ts';
import { toOggOpus } from './voice-note.ts';

const SENT_ACK = 1;

export const recipientJid = (to: OutboundPayload['to']) => {
  if (to.isGroup) return groupJid(to.number);
  // a contact known only by its LID (its phone never shown) is written to at that LID
  if (to.lid && isLidJid(to.lid) && userOfJid(to.lid) === to.number) return to.lid;
  return phoneJid(to.number);
};

export const createWhatsappProvider = (deps: {
  db: Db;
  storage: Storage;
  sessions: SessionManager;
  ownSends: OwnSends;
  ffmpegPath?: string;
}): ChannelProvider => {
  const socketFor = (connectionId: number) => {
    const socket = deps.sessions.connectedSocket(connectionId);
    if (!socket) throw new Error('ERR_WAPP_NOT_INITIALIZED');
    return socket;
  };

  const contentOf = async (payload: OutboundPayload): Promise<AnyMessageContent> => {
    if (payload.mediaType === 'contactMessage' && payload.vCard) {
      return { contacts: { displayName: payload.body, contacts: [{ vcard: payload.vCard }] } };
    }
    if (!payload.mediaUrl) return { text: payload.body };
    const { data, name } = await deps.storage.readPublic(payload.mediaUrl);
    const caption = payload.body || undefined;
    switch (payload.mediaType) {
      case 'image':
        return { image: data, caption };
      case 'video':
        return { video: data, caption };
      case 'sticker':
        return { sticker: data };
      case 'audio':
        return { audio: await toOggOpus(data, deps.ffmpegPath), mimetype: 'audio/ogg; codecs=opus', ptt: true };
      default: {
        const mimetype = (await fileTypeFromBuffer(data))?.mime ?? 'application/octet-stream';
        return { document: data, mimetype, fileName: name, caption };
      }
    }
  };

  const quotedOf = async (payload: OutboundPayload, jid: string): Promise<WAMessage | undefined> => {
    if (!payload.quotedProviderMessageId) return undefined;
    const quoted = await messagesRepo.findByProviderId(deps.db, payload.companyId, payload.connectionId, payload.quotedProviderMessageId);
    if (!quoted) return undefined;
    return {
      key: { remoteJid: jid, id: quoted.providerMessageId, fromMe: quoted.fromMe, participant: quoted.participant ?? undefined },
      message: { conversation: quoted.body },
    };
  };

  return {
    send: async (payload) => {
      const socket = socketFor(payload.connectionId);
      const jid = recipientJid(payload.to);
      const content = await contentOf(payload);
      const messageId = generateMessageIDV2(socket.user?.id);
      deps.ownSends.add(messageId);
      const sent = await socket.sendMessage(jid, content, { messageId, quoted: await quotedOf(payload, jid) });
      return { providerMessageId: sent?.key.id ?? messageId, ack: SENT_ACK };
    },
    edit: async (payload, providerMessageId) => {
      const jid = recipientJid(payload.to);
      await socketFor(payload.connectionId).sendMessage(jid, { text: payload.body, edit: { remoteJid: jid, id: providerMessageId, fromMe: true } });
    },
    remove: async (payload, providerMessageId) => {
      const jid = recipientJid(payload.to);
      await socketFor(payload.connectionId).sendMessage(jid, { delete: { remoteJid: jid, id: providerMessageId, fromMe: true } });
    },
  };
};
