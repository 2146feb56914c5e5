// The widget's calls to the product's server (never a CDN): the public visitor API, with the
// visitor token in its own header, and the live namespace for the attendants' replies.
import { io, type Socket } from 'socket.io-client';
import type { WebchatMessage, WebchatStartBody } from '@atende/shared/webchat';
import { WEBCHAT_MESSAGE_EVENT, WEBCHAT_NAMESPACE, WEBCHAT_REMOVED_EVENT, WEBCHAT_TOKEN_HEADER } from '@atende/shared/webchat-wire';

export type Appearance = { color: string; greeting: string; preChatForm: boolean; outOfHours: boolean };

export const createVisitorApi = (server: string, publicId: string) => {
  const base = `${server}/webchat/${encodeURIComponent(publicId)}`;
  const call = async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => {
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers[WEBCHAT_TOKEN_HEADER] = init.token;
    const response = await fetch(base + path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), credentials: 'omit' });
    if (!response.ok) throw new Error(`webchat ${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    appearance: () => call<Appearance>('/appearance'),
    start: (form: WebchatStartBody) => call<{ visitorToken: string }>('/visitors', { method: 'POST', body: form }),
    send: (token: string, text: string) => call<WebchatMessage>('/messages', { method: 'POST', body: { text }, token }),
    history: async (token: string) => (await call<{ messages: WebchatMessage[] }>('/messages', { token })).messages,
    listen: (token: string, onMessage: (message: WebchatMessage) => void, onRemoved: (id: number) => void): Socket => {
      const socket = io(server + WEBCHAT_NAMESPACE, { auth: { publicId, visitorToken: token }, transports: ['websocket'] });
      socket.on(WEBCHAT_MESSAGE_EVENT, onMessage);
      socket.on(WEBCHAT_REMOVED_EVENT, ({ id }: { id: number }) => onRemoved(id));
      return socket;
    },
  };
};

export type VisitorApi = ReturnType<typeof createVisitorApi>;
