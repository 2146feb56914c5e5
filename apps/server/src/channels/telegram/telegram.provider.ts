// Telegram sends through the Bot API: text (sendMessage), files uploaded from storage as multipart
// (sendPhoto, sendVideo, sendVoice, sendDocument), locations (sendLocation, read back from the map
// link the product stores) and contact cards (sendContact); replies carry the quoted message.
// Edits and deletions of sent messages go through editMessageText/editMessageCaption and
// deleteMessage. A chat id is the contact's number; a provider id is "<chat id>:<message id>".
import { openAsBlob } from 'node:fs';
import type { Db } from '../../db/client.ts';
import { findConnectionOfChannel } from '../../modules/connections/connections.repo.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Storage } from '../../platform/storage.ts';
import { documentCaption, ProviderRejection, type ChannelProvider, type OutboundPayload } from '../provider.ts';
import type { BotApi, SentMessage } from './bot-api.ts';
import { botCredentialsOf } from './bot-credentials.ts';
import { messageIdOf, providerIdOf } from './telegram-update.ts';

// the Bot API's limits on a caption and on a message's text
const MAX_CAPTION = 1024;
const MAX_TEXT = 4096;

// Formats sendVoice plays as a voice note; other audio goes as a file.
const VOICE_EXTENSIONS = new Set(['ogg', 'oga', 'opus', 'mp3', 'm4a']);

type FileMethod = { method: string; field: string };

const fileMethodOf = (payload: OutboundPayload, extension: string): FileMethod => {
  if (payload.mediaType === 'image' && extension !== 'gif') return { method: 'sendPhoto', field: 'photo' };
  if (payload.mediaType === 'video') return { method: 'sendVideo', field: 'video' };
  if (payload.mediaType === 'audio' && VOICE_EXTENSIONS.has(extension)) return { method: 'sendVoice', field: 'voice' };
  return { method: 'sendDocument', field: 'document' };
};

// The product stores a location as its names and a map link "…?q=<lat>%2C<lng>" (WhatsApp's form).
const coordinatesOf = (body: string) => {
  const found = /[?&]q=(-?\d+(?:\.\d+)?)(?:%2C|,)(-?\d+(?:\.\d+)?)/i.exec(body);
  return found ? { latitude: Number(found[1]), longitude: Number(found[2]) } : undefined;
};

const contactOf = (vCard: string, fallbackName: string) => {
  const name = /^FN:(.*)$/m.exec(vCard)?.[1]?.trim() || fallbackName;
  const phone = /^TEL[^:]*:(.*)$/m.exec(vCard)?.[1]?.trim();
  return phone ? { first_name: name || phone, phone_number: phone } : undefined;
};

// Text longer than one message allows goes as consecutive messages.
const textParts = (text: string) => {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += MAX_TEXT) parts.push(text.slice(start, start + MAX_TEXT));
  return parts.length ? parts : [''];
};

export const createTelegramProvider = (deps: { db: Db; bots: BotApi; storage: Storage; secrets: SecretBox }): ChannelProvider => {
  const tokenFor = async (payload: OutboundPayload) => {
    const connection = await findConnectionOfChannel(deps.db, payload.companyId, payload.connectionId, 'telegram');
    const credentials = connection && botCredentialsOf(deps.secrets, connection);
    if (!credentials) throw new ProviderRejection('ERR_WAPP_NOT_INITIALIZED', 'telegram connection without its bot token');
    return credentials.token;
  };

  const replyTo = (payload: OutboundPayload) =>
    payload.quotedProviderMessageId ? { reply_parameters: { message_id: messageIdOf(payload.quotedProviderMessageId).messageId, allow_sending_without_reply: true } } : {};

  const sendText = async (token: string, payload: OutboundPayload, text: string) => {
    let first: SentMessage | undefined;
    for (const part of textParts(text)) {
      const sent = await deps.bots.call<SentMessage>(token, 'sendMessage', { chat_id: payload.to.number, text: part, ...(!first && replyTo(payload)) });
      first ??= sent;
    }
    return first as SentMessage;
  };

  // the file goes up from storage; a caption too long for it follows as a message of its own
  const sendFile = (token: string, payload: OutboundPayload, mediaUrl: string) =>
    deps.storage.withCompanyFile(payload.companyId, mediaUrl, async (file) => {
      const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
      const { method, field } = fileMethodOf(payload, extension);
      const text = (field === 'document' ? documentCaption(payload) : payload.body) ?? '';
      const form = new FormData();
      form.set('chat_id', payload.to.number);
      if (text && text.length <= MAX_CAPTION) form.set('caption', text);
      const quoted = replyTo(payload);
      if ('reply_parameters' in quoted) form.set('reply_parameters', JSON.stringify(quoted.reply_parameters));
      const fileName = field === 'document' && payload.fileName ? payload.fileName : file.name;
      form.set(field, await openAsBlob(file.path), fileName);
      const sent = await deps.bots.upload<SentMessage>(token, method, form);
      if (text.length > MAX_CAPTION) await sendText(token, { ...payload, quotedProviderMessageId: null }, text);
      return sent;
    });

  const send = async (token: string, payload: OutboundPayload): Promise<SentMessage> => {
    if (payload.mediaUrl) return sendFile(token, payload, payload.mediaUrl);
    if (payload.mediaType === 'locationMessage') {
      const at = coordinatesOf(payload.body);
      if (at) return deps.bots.call<SentMessage>(token, 'sendLocation', { chat_id: payload.to.number, ...at, ...replyTo(payload) });
    }
    if (payload.mediaType === 'contactMessage' && payload.vCard) {
      const contact = contactOf(payload.vCard, payload.body);
      if (contact) return deps.bots.call<SentMessage>(token, 'sendContact', { chat_id: payload.to.number, ...contact, ...replyTo(payload) });
    }
    return sendText(token, payload, payload.body);
  };

  return {
    send: async (payload) => {
      if (payload.template) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'telegram has no templates');
      if (payload.to.isGroup) throw new ProviderRejection('ERR_WAPP_INVALID_CONTACT', 'telegram connections answer private chats only');
      const sent = await send(await tokenFor(payload), payload);
      // accepted by Telegram: 'sent'; the Bot API tells bots of no delivery or reading
      return { providerMessageId: providerIdOf(sent.chat.id, sent.message_id), ack: 1 };
    },
    edit: async (payload, providerMessageId) => {
      const { chatId, messageId } = messageIdOf(providerMessageId);
      const token = await tokenFor(payload);
      if (payload.mediaUrl) await deps.bots.call(token, 'editMessageCaption', { chat_id: chatId, message_id: messageId, caption: payload.body.slice(0, MAX_CAPTION) });
      else await deps.bots.call(token, 'editMessageText', { chat_id: chatId, message_id: messageId, text: payload.body.slice(0, MAX_TEXT) });
    },
    remove: async (payload, providerMessageId) => {
      const { chatId, messageId } = messageIdOf(providerMessageId);
      await deps.bots.call(await tokenFor(payload), 'deleteMessage', { chat_id: chatId, message_id: messageId });
    },
  };
};
