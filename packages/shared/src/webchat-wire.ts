// The web chat's wire names, without zod: the widget bundle (apps/web/src/widget) imports them and
// must stay small.
// the widget's calls carry the visitor token in this header (never a cookie of ours)
export const WEBCHAT_TOKEN_HEADER = 'x-webchat-visitor';
// the Socket.IO namespace the widget listens on; the handshake's auth is { publicId, visitorToken }
export const WEBCHAT_NAMESPACE = '/webchat';
export const WEBCHAT_MESSAGE_EVENT = 'message';
// an attendant deleted a message the visitor had: its id
export const WEBCHAT_REMOVED_EVENT = 'messageRemoved';
// the largest file a visitor may send (the widget checks it before sending; the server refuses more)
export const WEBCHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
// typing, both ways: the widget emits it (no payload) while the visitor types; the server emits it
// to the visitor with the attendant's name ({ name }) while an attendant types
export const WEBCHAT_TYPING_EVENT = 'typing';
// the attendants' channel, on the ticket's room, where a visitor's typing arrives as { ticketId }
export const webchatTypingChannel = (companyId: number) => `company-${companyId}-webchatTyping`;
// how long a typing notice lasts without another, and the least time between two sent
export const WEBCHAT_TYPING_SHOWN_MS = 5000;
export const WEBCHAT_TYPING_EVERY_MS = 2000;
// the widget, open and visible, read the company's messages up to this one's time: { until } (ISO)
export const WEBCHAT_READ_EVENT = 'read';
// an attendant read the visitor's messages (the ticket's unread count was reset): { id }, the last
// of the visitor's messages read; the widget shows "Seen" under its last message up to it
export const WEBCHAT_SEEN_EVENT = 'seen';
// the ticket no longer waits for its rating (answered, expired, closed or reopened): the widget
// takes the rating buttons away (no payload)
export const WEBCHAT_RATING_OVER_EVENT = 'ratingOver';
