import { chatsEndpoints as endpoints, type ChatSaveBody } from '@atende/shared/chats';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const chatsApi = {
  page: (searchParam: string, pageNumber: number) => callEndpoint(endpoints.list, { query: { searchParam, pageNumber } }),
  create: (body: ChatSaveBody) => callEndpoint(endpoints.create, { body }),
  update: (id: number, body: ChatSaveBody) => callEndpoint(endpoints.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(endpoints.remove, { params: { id } }),
  // the server clears the caller's own count: no body is read
  read: (id: number) => callEndpoint(endpoints.markRead, { params: { id } }),
  messages: (id: number, pageNumber: number) => callEndpoint(endpoints.messages, { params: { id }, query: { pageNumber } }),
  send: (id: number, message: string) => callEndpoint(endpoints.send, { params: { id }, body: { message } }),
};

// Every chat list (the page's search, the popover, the menu's dot) sits under 'chats'.
export const chatsQueryKeys = {
  all: ['chats'] as const,
  pages: (search: string) => ['chats', 'pages', search] as const,
  messages: (chatId: number) => ['chat-messages', chatId] as const,
};
