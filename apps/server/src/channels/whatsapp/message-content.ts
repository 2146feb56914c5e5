// Reads a Baileys message into what the product stores (01-core §3 Message media types): its
// text, media type, whether it carries media to download, contact cards, the quoted message, or
// the edit / revoke / reaction it stands for.
import { getContentType, normalizeMessageContent, type proto, type WAMessage } from '@whiskeysockets/baileys';
import { waProto } from './baileys-proto.ts';
import type { MediaType } from '@atende/shared/messages';

export type ReadMessage =
  | {
      kind: 'message';
      body: string;
      mediaType: MediaType;
      hasMedia: boolean;
      vCard?: string;
      quotedId?: string;
      // the file's own name, when the sender gave one (documents)
      fileName?: string;
      mimetype?: string;
    }
  | { kind: 'edit'; targetId: string; body: string }
  | { kind: 'revoke'; targetId: string };

const textOf = (content: proto.IMessage | undefined | null): string =>
  content?.conversation ?? content?.extendedTextMessage?.text ?? content?.imageMessage?.caption ?? content?.videoMessage?.caption ?? '';

const locationBody = (location: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage) => {
  const link = `https://maps.google.com/maps?q=${location.degreesLatitude}%2C${location.degreesLongitude}&z=17`;
  const place = 'name' in location ? [location.name, location.address].filter(Boolean).join(' - ') : '';
  return place ? `${link}\n${place}` : link;
};

const contextOf = (content: proto.IMessage, type: keyof proto.IMessage) =>
  (content[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined)?.contextInfo ?? undefined;

export const readMessage = (message: WAMessage): ReadMessage | undefined => {
  const content = normalizeMessageContent(message.message);
  const type = content ? getContentType(content) : undefined;
  if (!content || !type) return undefined;
  const quotedId = contextOf(content, type)?.stanzaId ?? undefined;
  const plain = (body: string, mediaType: MediaType, extra: Partial<Extract<ReadMessage, { kind: 'message' }>> = {}): ReadMessage => ({
    kind: 'message',
    body,
    mediaType,
    hasMedia: false,
    quotedId,
    ...extra,
  });

  switch (type) {
    case 'conversation':
      return plain(content.conversation ?? '', 'chat');
    case 'extendedTextMessage':
      return plain(content.extendedTextMessage?.text ?? '', 'chat');
    case 'imageMessage':
      return plain(content.imageMessage?.caption ?? '', 'image', { hasMedia: true, mimetype: content.imageMessage?.mimetype ?? undefined });
    case 'videoMessage':
      return plain(content.videoMessage?.caption ?? '', 'video', { hasMedia: true, mimetype: content.videoMessage?.mimetype ?? undefined });
    case 'audioMessage':
      return plain('', 'audio', { hasMedia: true, mimetype: content.audioMessage?.mimetype ?? undefined });
    case 'stickerMessage':
      return plain('', 'sticker', { hasMedia: true, mimetype: content.stickerMessage?.mimetype ?? undefined });
    case 'documentMessage': {
      const document = content.documentMessage;
      return plain(document?.caption || document?.fileName || '', 'application', {
        hasMedia: true,
        fileName: document?.fileName ?? undefined,
        mimetype: document?.mimetype ?? undefined,
      });
    }
    case 'locationMessage':
      return plain(locationBody(content.locationMessage ?? {}), 'locationMessage');
    case 'liveLocationMessage':
      return plain(locationBody(content.liveLocationMessage ?? {}), 'locationMessage');
    case 'contactMessage':
      return plain(content.contactMessage?.displayName ?? '', 'contactMessage', { vCard: content.contactMessage?.vcard ?? undefined });
    case 'contactsArrayMessage': {
      const cards = content.contactsArrayMessage?.contacts ?? [];
      return plain(cards.map((card) => card.displayName).filter(Boolean).join(', '), 'contactMessage', {
        vCard: cards.map((card) => card.vcard).filter(Boolean).join('\n'),
      });
    }
    case 'reactionMessage': {
      const reaction = content.reactionMessage;
      // an empty reaction takes a previous one back; nothing to show
      if (!reaction?.text || !reaction.key?.id) return undefined;
      return { kind: 'message', body: reaction.text, mediaType: 'reactionMessage', hasMedia: false, quotedId: reaction.key.id };
    }
    case 'buttonsResponseMessage':
      return plain(content.buttonsResponseMessage?.selectedDisplayText ?? '', 'chat');
    case 'listResponseMessage':
      return plain(content.listResponseMessage?.title ?? '', 'chat');
    case 'protocolMessage': {
      const protocol = content.protocolMessage;
      const targetId = protocol?.key?.id;
      if (!targetId) return undefined;
      if (protocol.type === waProto.Message.ProtocolMessage.Type.REVOKE) return { kind: 'revoke', targetId };
      if (protocol.type === waProto.Message.ProtocolMessage.Type.MESSAGE_EDIT) return { kind: 'edit', targetId, body: textOf(protocol.editedMessage) };
      return undefined;
    }
    default:
      return undefined;
  }
};
