// The WhatsApp (Baileys) provider: outbound message jobs become Baileys sends through the socket
// this process owns. Without a connected socket here the job fails and is retried, so messages
// wait in the queue while the session is down and go out when it is back (within the job's retry
// cap; past it the job is failed, and the super admin can retry it).
import { generateMessageIDV2, type AnyMessageContent, type WAMessage } from '@whiskeysockets/baileys';
import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import type { Db } from '../../db/client.ts';
import type { Storage, StoredFile } from '../../platform/storage.ts';
import * as messagesRepo from '../../modules/messages/messages.repo.ts';
import { documentCaption, type ChannelProvider, type OutboundPayload } from '../provider.ts';
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

  // A stored file goes to Baileys as a stream of the file on disk (a bucket's object is downloaded
  // for the time of the send), never read whole here.
  const mediaContentOf = async (payload: OutboundPayload, file: StoredFile): Promise<AnyMessageContent> => {
    const caption = payload.body || undefined;
    const stream = () => ({ stream: createReadStream(file.path) });
    switch (payload.mediaType) {
      case 'image':
        return { image: stream(), caption };
      case 'video':
        return { video: stream(), caption };
      case 'sticker':
        return { sticker: stream() };
      case 'audio':
        // the opus voice note ffmpeg writes is small (32 kbit/s)
        return { audio: await toOggOpus(file.path, deps.ffmpegPath), mimetype: 'audio/ogg; codecs=opus', ptt: true };
      default: {
        const mimetype = (await fileTypeFromFile(file.path))?.mime ?? 'application/octet-stream';
        return { document: stream(), mimetype, fileName: payload.fileName ?? file.name, caption: documentCaption(payload) };
      }
    }
  };

  const withContentOf = <T>(payload: OutboundPayload, send: (content: AnyMessageContent) => Promise<T>): Promise<T> => {
    if (payload.mediaType === 'contactMessage' && payload.vCard) {
      return send({ contacts: { displayName: payload.body, contacts: [{ vcard: payload.vCard }] } });
    }
    if (!payload.mediaUrl) return send({ text: payload.body });
    return deps.storage.withPublicFile(payload.mediaUrl, async (file) => send(await mediaContentOf(payload, file)));
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
      const quoted = await quotedOf(payload, jid);
      const messageId = generateMessageIDV2(socket.user?.id);
      deps.ownSends.add(messageId);
      const sent = await withContentOf(payload, (content) => socket.sendMessage(jid, content, { messageId, quoted }));
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
