import { TICKETS_COUNT_CAP } from '@atende/shared/tickets';

// 01-core §9: names cut at 60 and last messages at 40 in rows; time HH:mm today else dd/MM/yyyy.
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text);

const pad = (value: number) => String(value).padStart(2, '0');

export const formatClock = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;
export const formatDate = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

export const isSameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export const formatTicketTime = (iso: string, now = new Date()) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return isSameDay(date, now) ? formatClock(date) : formatDate(date);
};

// The server stops counting one past the cap, so a larger count reads "10.000+" (in pt).
export const formatTicketCount = (count: number, language: string) =>
  count > TICKETS_COUNT_CAP ? `${TICKETS_COUNT_CAP.toLocaleString(language)}+` : count.toLocaleString(language);

// A document's lastMessage written before the server named documents "📄 name" is the bare media
// type, a word no customer should read (issue 35 point 10).
export const lastMessagePreview = (lastMessage: string) => (lastMessage === 'application' ? '📄' : lastMessage);
