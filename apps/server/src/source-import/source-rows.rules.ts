// How a whaticket-family row becomes this product's row (issue 39 point 1): the columns each
// fork and version has or lacks, their loose values, and text that went through a wrong encoding.
import { defaultServiceHours, weekdays, type WeekdayServiceHours } from '@atende/shared/service-hours';
import { ticketStatuses } from '@atende/shared/tickets';
import type { SourceRow } from './source-database.repo.ts';

export const text = (row: SourceRow, column: string, fallback = '') => {
  const value = row[column];
  if (value === null || value === undefined) return fallback;
  return value instanceof Date ? value.toISOString() : String(value);
};

export const optionalText = (row: SourceRow, column: string) => {
  const value = text(row, column);
  return value === '' ? null : value;
};

export const flag = (row: SourceRow, column: string, fallback = false) => {
  const value = row[column];
  if (value === null || value === undefined) return fallback;
  return value === true || value === 'enabled' || value === 'true' || value === 1;
};

// A user's permission switch, kept as 'enabled'/'disabled' by the SaaS copies (one screen wrote
// 'enable'), as a boolean by some; a source without the column leaves the product's default.
export const toggleOf = (row: SourceRow, column: string, fallback: 'enabled' | 'disabled'): 'enabled' | 'disabled' => {
  const value = row[column];
  if (value === null || value === undefined) return fallback;
  return flag(row, column) || value === 'enable' ? 'enabled' : 'disabled';
};

export const whole = (row: SourceRow, column: string, fallback = 0) => {
  const value = Number(row[column]);
  return Number.isFinite(value) ? Math.trunc(value) : fallback;
};

export const moment = (row: SourceRow, column: string) => {
  const value = row[column];
  if (value instanceof Date) return value;
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value);
  return new Date();
};

export const sourceIdOf = (row: SourceRow, key: readonly string[]) => key.map((column) => text(row, column)).join(':');

// UTF-8 text once read as Latin-1 and stored again ("PÃ£o" for "Pão") is turned back when the
// bytes make valid UTF-8; text with replacement characters lost its bytes and is kept as it is.
const doubleEncoded = /[ÃÂ][\u0080-\u00BF]/;
export type TextRepair = { text: string; problem?: 'repaired' | 'broken' };
export const repairText = (value: string): TextRepair => {
  const clean = value.replaceAll(String.fromCharCode(0), '');
  if (clean.includes('\uFFFD')) return { text: clean, problem: 'broken' };
  if (!doubleEncoded.test(clean) || [...clean].some((char) => char.charCodeAt(0) > 0xff)) return { text: clean, problem: clean === value ? undefined : 'repaired' };
  const decoded = Buffer.from(clean, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? { text: clean, problem: 'broken' } : { text: decoded, problem: 'repaired' };
};

// Service hours: the SaaS copies keep one shift per day (startTime/endTime), newer ones two
// (startTimeA…endTimeB); anything else leaves the product's default for companies, none for queues.
const hhmmOrEmpty = (value: unknown) => (typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : '');
export const serviceHours = (value: unknown, fallback: WeekdayServiceHours[]): WeekdayServiceHours[] => {
  const list = typeof value === 'string' ? safeJson(value) : value;
  if (!Array.isArray(list)) return fallback;
  const days = list.flatMap((day: Record<string, unknown>) => {
    const weekdayEn = weekdays.find((name) => name === day?.weekdayEn);
    if (!weekdayEn) return [];
    const defaultDay = defaultServiceHours.find((d) => d.weekdayEn === weekdayEn);
    return [
      {
        weekday: typeof day.weekday === 'string' ? day.weekday.slice(0, 30) : (defaultDay?.weekday ?? weekdayEn),
        weekdayEn,
        startTimeA: hhmmOrEmpty(day.startTimeA ?? day.startTime),
        endTimeA: hhmmOrEmpty(day.endTimeA ?? day.endTime),
        startTimeB: hhmmOrEmpty(day.startTimeB),
        endTimeB: hhmmOrEmpty(day.endTimeB),
      },
    ];
  });
  return days.length > 0 ? days : fallback;
};

export const safeJson = (value: string): unknown => {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
};

// A date column (timestamp in the older copies, date in ticketz); none: far ahead, as the platform's own company.
export const dueDateOf = (row: SourceRow) => {
  const value = row.dueDate;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  return '2093-03-14';
};

type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusOf = (row: SourceRow): TicketStatus | undefined => ticketStatuses.find((status) => status === text(row, 'status'));

export const connectionChannelOf = (row: SourceRow) => {
  const channel = text(row, 'channel', 'whatsapp');
  if (channel === 'facebook' || channel === 'instagram') return channel;
  return channel === 'whatsapp' ? 'whatsapp' : undefined;
};

// The media kinds the product shows; the sources wrote Baileys' message types or a mime group.
const mediaKinds: Record<string, string> = {
  imageMessage: 'image',
  image: 'image',
  videoMessage: 'video',
  video: 'video',
  audioMessage: 'audio',
  audio: 'audio',
  ptt: 'audio',
  stickerMessage: 'sticker',
  sticker: 'sticker',
  documentMessage: 'document',
  documentWithCaptionMessage: 'document',
  application: 'document',
  document: 'document',
  contactMessage: 'vcard',
  vcard: 'vcard',
  locationMessage: 'location',
  location: 'location',
  reactionMessage: 'reactionMessage',
};
export const mediaTypeOf = (row: SourceRow, hasMedia: boolean) => mediaKinds[text(row, 'mediaType')] ?? (hasMedia ? 'document' : 'chat');

// A file list's file by the mime type the source stored with it, as the product types uploads.
export const fileMediaTypeOf = (mime: string) => {
  const group = mime.split('/')[0];
  return group === 'image' || group === 'audio' || group === 'video' ? group : 'application';
};

// 0 pending … 5 played, as Baileys counts them
export const ackOf = (row: SourceRow) => Math.min(Math.max(whole(row, 'ack'), 0), 5);

// A media path under the source's public/ folder, never one that leaves it.
export const mediaPathOf = (row: SourceRow) => {
  const value = optionalText(row, 'mediaUrl');
  if (!value || /^https?:\/\//.test(value)) return null;
  const path = value.replace(/^\/?public\//, '').replace(/^\/+/, '');
  return path.split('/').some((part) => part === '..' || part === '') ? null : path;
};

export const extensionOf = (path: string) => {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(path);
  return match ? match[1].toLowerCase() : 'bin';
};

// Baileys' auth state as the sources kept it: the whole {creds, keys} in Whatsapps.session (the
// SaaS copies; keys grouped by kind) or the creds there and each signal key as a BaileysKeys row
// (ticketz). The values stay in BufferJSON text form, which this product stores too.
const keyKinds: Record<string, string> = {
  preKeys: 'pre-key',
  sessions: 'session',
  senderKeys: 'sender-key',
  appStateSyncKeys: 'app-state-sync-key',
  appStateVersions: 'app-state-sync-version',
  senderKeyMemory: 'sender-key-memory',
};
export type AuthKey = { type: string; keyId: string; value: string };
export type CarriedSession = { keys: AuthKey[]; loggedIn: boolean } | { problem: string };

export const sessionOf = (session: string | null, keyRows: SourceRow[]): CarriedSession | null => {
  if (!session) return null;
  const parsed = safeJson(session) as { creds?: { me?: { id?: string } }; keys?: Record<string, Record<string, unknown>> } | undefined;
  if (!parsed?.creds || typeof parsed.creds !== 'object') return { problem: 'the session is not Baileys creds in JSON' };
  const grouped = Object.entries(parsed.keys ?? {}).flatMap(([group, entries]) =>
    keyKinds[group] ? Object.entries(entries ?? {}).map(([keyId, value]) => ({ type: keyKinds[group], keyId, value: JSON.stringify(value) })) : [],
  );
  const rows = keyRows.map((row) => ({ type: text(row, 'type'), keyId: text(row, 'key'), value: text(row, 'value') }));
  return {
    keys: [{ type: 'creds', keyId: '', value: JSON.stringify(parsed.creds) }, ...grouped, ...rows],
    loggedIn: typeof parsed.creds.me?.id === 'string',
  };
};

export const hexColor = (value: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback);
