import { TICKETS_COUNT_CAP } from '@atende/shared/tickets';

// The server stops counting one past the cap, so a larger count reads "10.000+" (in pt).
export const formatTicketCount = (count: number, language: string) =>
  count > TICKETS_COUNT_CAP ? `${TICKETS_COUNT_CAP.toLocaleString(language)}+` : count.toLocaleString(language);

// A document's lastMessage written before the server named documents "📄 name" is the bare media
// type, a word no customer should read (issue 35 point 10).
export const lastMessagePreview = (lastMessage: string) => (lastMessage === 'application' ? '📄' : lastMessage);
