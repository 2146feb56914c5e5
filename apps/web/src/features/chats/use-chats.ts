import { unreadsOf, type ChatSaveBody, type ChatView } from '@atende/shared/chats';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { playChime } from '../../lib/notify.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { chatsApi, chatsQueryKeys } from './chats-api.ts';
import { appendMessageInCache, removeChatFromCache, replaceChatInCache, upsertChatInCache } from './chats-cache.ts';

export const useChatsPages = (search: string, enabled = true) =>
  useInfiniteQuery({
    queryKey: chatsQueryKeys.pages(search),
    queryFn: ({ pageParam }) => chatsApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });

// Pages come newest first; the screen shows them oldest first.
export const useChatMessages = (chatId: number | undefined) =>
  useInfiniteQuery({
    queryKey: chatsQueryKeys.messages(chatId ?? 0),
    queryFn: ({ pageParam }) => chatsApi.messages(chatId ?? 0, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: chatId !== undefined,
  });

// The menu's dot and the popover's badge: chats with something the user has not read.
export const useUnreadChats = (enabled: boolean) => {
  const user = useSessionUser();
  const { data } = useChatsPages('', enabled);
  return (data?.pages.flatMap((page) => page.records) ?? []).filter((chat) => unreadsOf(chat, user.id) > 0).length;
};

// company-{id}-chat: only the chats the user is in come (02-operations §7). A message from
// someone else chimes at the user's volume.
export const useChatEvents = () => {
  const client = useQueryClient();
  const user = useSessionUser();
  useCompanyEvent('chat', (payload) => {
    if (payload.action === 'delete') {
      removeChatFromCache(client, payload.chatId);
      return;
    }
    if (payload.action === 'new-message') {
      upsertChatInCache(client, payload.chat);
      appendMessageInCache(client, payload.newMessage);
      if (payload.newMessage.senderId !== user.id) playChime();
      return;
    }
    if (payload.action === 'create') upsertChatInCache(client, payload.chat);
    else replaceChatInCache(client, payload.chat);
  });
};

export const useSaveChat = (chat: ChatView | null) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatSaveBody) => (chat ? chatsApi.update(chat.id, body) : chatsApi.create(body)),
    onSuccess: (saved) => upsertChatInCache(client, saved),
  });
};

export const useSendChatMessage = (chatId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => chatsApi.send(chatId, message),
    onSuccess: (message) => appendMessageInCache(client, message),
  });
};

export const useMarkChatRead = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatId: number) => chatsApi.read(chatId),
    onSuccess: (chat) => replaceChatInCache(client, chat),
  });
};

export const useRemoveChat = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatId: number) => chatsApi.remove(chatId),
    onSuccess: (_, chatId) => removeChatFromCache(client, chatId),
  });
};
