// The Bot API's Update as this product reads it (allowed_updates: message and edited_message):
// private chats' messages with text, a photo, a document, a voice note, an audio, a video, a
// location or a contact card. Fields the product does not read are let through unread; every
// string and list is bounded.
import { z } from 'zod';

const text = z.string().max(10_000);
const fileId = z.string().min(1).max(500);
const fileSize = z.number().int().nonnegative().optional();

const file = z.object({ file_id: fileId, file_size: fileSize, file_name: text.optional(), mime_type: z.string().max(200).optional() });

export const telegramMessage = z.object({
  message_id: z.number().int(),
  date: z.number().int().optional(),
  chat: z.object({ id: z.number().int(), type: z.string().max(20) }),
  from: z
    .object({ id: z.number().int(), is_bot: z.boolean().optional(), first_name: text.optional(), last_name: text.optional(), username: z.string().max(100).optional() })
    .optional(),
  text: text.optional(),
  caption: text.optional(),
  reply_to_message: z.object({ message_id: z.number().int() }).optional(),
  // the sizes of one photo, smallest first
  photo: z.array(z.object({ file_id: fileId, file_size: fileSize, width: z.number().optional(), height: z.number().optional() })).max(20).optional(),
  document: file.optional(),
  voice: file.optional(),
  audio: file.optional(),
  video: file.optional(),
  video_note: file.optional(),
  sticker: file.optional(),
  location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
  venue: z.object({ title: text.optional(), address: text.optional() }).optional(),
  contact: z.object({ phone_number: z.string().max(50), first_name: text.optional(), last_name: text.optional() }).optional(),
});
export type TelegramMessage = z.infer<typeof telegramMessage>;

export const telegramUpdate = z.object({
  update_id: z.number().int(),
  message: telegramMessage.optional(),
  edited_message: telegramMessage.optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

// A message id is unique within its chat only: the product's provider id names both.
export const providerIdOf = (chatId: number | string, messageId: number) => `${chatId}:${messageId}`;

export const messageIdOf = (providerMessageId: string) => {
  const [chatId, messageId] = providerMessageId.split(':');
  return { chatId, messageId: Number(messageId) };
};

export const senderNameOf = (message: TelegramMessage) =>
  [message.from?.first_name, message.from?.last_name].filter(Boolean).join(' ').trim() || (message.from?.username ? `@${message.from.username}` : '');

// The file a media message carries, the largest size of a photo; undefined for a plain message.
export const attachmentOf = (message: TelegramMessage) => {
  if (message.photo?.length) return { kind: 'photo' as const, file: message.photo[message.photo.length - 1], name: 'photo.jpg' };
  const kinds = ['document', 'voice', 'audio', 'video', 'video_note', 'sticker'] as const;
  for (const kind of kinds) {
    const found = message[kind];
    if (found) return { kind, file: found, name: 'file_name' in found && found.file_name ? found.file_name : kind };
  }
  return undefined;
};

// Stored as WhatsApp's locations are: the place's name and address, then a map link.
export const locationBody = (message: TelegramMessage) => {
  if (!message.location) return undefined;
  const { latitude, longitude } = message.location;
  return [message.venue?.title, message.venue?.address, `https://maps.google.com/maps?q=${latitude}%2C${longitude}`].filter(Boolean).join('\n');
};

// A contact card as the vCard the product keeps for contactMessage.
export const vCardOf = (contact: NonNullable<TelegramMessage['contact']>) => {
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
  const digits = contact.phone_number.replace(/\D/g, '');
  return { name, vCard: ['BEGIN:VCARD', 'VERSION:3.0', `N:;${name};;;`, `FN:${name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD'].join('\n') };
};
