import type { ChatMessagesPage, ChatMessageView, ChatSaveBody, ChatsPage, ChatView } from '@atende/shared/chats';
import { api } from '../../lib/api-client.ts';

export const chatsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<ChatsPage>('/chats', { searchParam, pageNumber }),
  create: (body: ChatSaveBody) => api.post<ChatView>('/chats', body),
  update: (id: number, body: ChatSaveBody) => api.put<ChatView>(`/chats/${id}`, body),
  remove: (id: number) => api.delete<void>(`/chats/${id}`),
  read: (id: number, userId: number) => api.post<ChatView>(`/chats/${id}/read`, { userId }),
  messages: (id: number, pageNumber: number) => api.get<ChatMessagesPage>(`/chats/${id}/messages`, { pageNumber }),
  send: (id: number, message: string) => api.post<ChatMessageView>(`/chats/${id}/messages`, { message }),
};

// Every chat list (the page's search, the popover, the menu's dot) sits under 'chats'.
export const chatsQueryKeys = {
  all: ['chats'] as const,
  pages: (search: string) => ['chats', 'pages', search] as const,
  messages: (chatId: number) => ['chat-messages', chatId] as const,
};
