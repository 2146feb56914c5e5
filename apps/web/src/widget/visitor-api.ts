// The widget's calls to the product's server (never a CDN): the public visitor API, with the
// visitor token in its own header, and the live namespace for the attendants' replies.
import { io, type Socket } from 'socket.io-client';
import type { WebchatMessage, WebchatStartBody } from '@atende/shared/webchat';
import {
  WEBCHAT_MESSAGE_EVENT,
  WEBCHAT_NAMESPACE,
  WEBCHAT_RATING_OVER_EVENT,
  WEBCHAT_REMOVED_EVENT,
  WEBCHAT_SEEN_EVENT,
  WEBCHAT_TOKEN_HEADER,
  WEBCHAT_TYPING_EVENT,
} from '@atende/shared/webchat-wire';

export type Appearance = { color: string; greeting: string; preChatForm: boolean; outOfHours: boolean };

export const createVisitorApi = (server: string, publicId: string) => {
  const base = `${server}/webchat/${encodeURIComponent(publicId)}`;
  // a FormData body goes as multipart (the browser writes its content type), anything else as JSON
  const request = async (path: string, init: { method?: string; body?: unknown; token?: string }) => {
    const headers: Record<string, string> = {};
    const multipart = init.body instanceof FormData;
    if (init.body !== undefined && !multipart) headers['content-type'] = 'application/json';
    if (init.token) headers[WEBCHAT_TOKEN_HEADER] = init.token;
    const body = init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body);
    const response = await fetch(base + path, { method: init.method ?? 'GET', headers, body, credentials: 'omit' });
    if (!response.ok) throw new Error(`webchat ${path}: ${response.status}`);
    return response;
  };
  const call = async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => (await (await request(path, init)).json()) as T;
  return {
    appearance: () => call<Appearance>('/appearance'),
    start: (form: WebchatStartBody) => call<{ visitorToken: string }>('/visitors', { method: 'POST', body: form }),
    send: (token: string, text: string) => call<WebchatMessage>('/messages', { method: 'POST', body: { text }, token }),
    sendFile: (token: string, file: File) => {
      const form = new FormData();
      form.set('file', file);
      return call<WebchatMessage>('/files', { method: 'POST', body: form, token });
    },
    // an image of the conversation as a local address: stored files answer only the product's own pages
    image: async (token: string, messageId: number) => URL.createObjectURL(await (await request(`/files/${messageId}`, { token })).blob()),
    // seenUpTo: the visitor's messages up to this id were read by an attendant
    history: (token: string) => call<{ messages: WebchatMessage[]; seenUpTo: number | null }>('/messages', { token }),
    listen: (
      token: string,
      on: { message: (message: WebchatMessage) => void; removed: (id: number) => void; typing: (name: string) => void; seen: (id: number) => void; ratingOver: () => void },
    ): Socket => {
      const socket = io(server + WEBCHAT_NAMESPACE, { auth: { publicId, visitorToken: token }, transports: ['websocket'] });
      socket.on(WEBCHAT_MESSAGE_EVENT, on.message);
      socket.on(WEBCHAT_REMOVED_EVENT, ({ id }: { id: number }) => on.removed(id));
      socket.on(WEBCHAT_TYPING_EVENT, ({ name }: { name: string }) => on.typing(name));
      socket.on(WEBCHAT_SEEN_EVENT, ({ id }: { id: number }) => on.seen(id));
      socket.on(WEBCHAT_RATING_OVER_EVENT, on.ratingOver);
      return socket;
    },
  };
};

export type VisitorApi = ReturnType<typeof createVisitorApi>;
