// WhatsApp addresses: phone JIDs (5511…@s.whatsapp.net), LIDs (…@lid), groups (…@g.us).
import { jidDecode } from '@whiskeysockets/baileys';

export const PHONE_SERVER = 's.whatsapp.net';

// The user part without the device suffix: '5511999@s.whatsapp.net', '5511999:12@s.whatsapp.net' -> '5511999'
export const userOfJid = (jid: string) => jidDecode(jid)?.user ?? jid.split('@')[0].split(':')[0];

export const isLidJid = (jid: string | null | undefined) => Boolean(jid?.endsWith('@lid'));
export const isGroupJid = (jid: string | null | undefined) => Boolean(jid?.endsWith('@g.us'));
export const isPhoneJid = (jid: string | null | undefined) => Boolean(jid?.endsWith(`@${PHONE_SERVER}`));

// Chats the product does not turn into tickets: statuses, broadcast lists, newsletters.
export const isIgnoredChat = (jid: string) => jid === 'status@broadcast' || jid.endsWith('@broadcast') || jid.endsWith('@newsletter');

export const phoneJid = (number: string) => `${number}@${PHONE_SERVER}`;
export const groupJid = (id: string) => `${id}@g.us`;
// The LID in its bare form, without device suffix, as contacts store it
export const bareLid = (jid: string) => `${userOfJid(jid)}@lid`;
