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
