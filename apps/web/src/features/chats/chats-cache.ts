import type { ChatMessagesPage, ChatMessageView, ChatsPage, ChatView } from '@atende/shared/chats';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { chatsQueryKeys } from './chats-api.ts';

type ChatPages = InfiniteData<ChatsPage, number>;
type MessagePages = InfiniteData<ChatMessagesPage, number>;

const mapChatLists = (client: QueryClient, change: (chats: ChatView[], pageIndex: number) => ChatView[]) =>
  client.setQueriesData<ChatPages>({ queryKey: chatsQueryKeys.all }, (data) =>
    data ? { ...data, pages: data.pages.map((page, index) => ({ ...page, records: change(page.records, index) })) } : data,
  );

// A created or changed chat moves to the top of every list (lists are newest activity first).
export const upsertChatInCache = (client: QueryClient, chat: ChatView) =>
  mapChatLists(client, (records, index) => {
    const others = records.filter((entry) => entry.id !== chat.id);
    return index === 0 ? [chat, ...others] : others;
  });

// A changed chat keeps its place (a read only changes its counts); one the user was just added
// to comes in at the top.
export const replaceChatInCache = (client: QueryClient, chat: ChatView) =>
  mapChatLists(client, (records, index) => {
    if (records.some((entry) => entry.id === chat.id)) return records.map((entry) => (entry.id === chat.id ? chat : entry));
    return index === 0 ? [chat, ...records] : records;
  });

export const removeChatFromCache = (client: QueryClient, chatId: number) => {
  mapChatLists(client, (records) => records.filter((entry) => entry.id !== chatId));
  client.removeQueries({ queryKey: chatsQueryKeys.messages(chatId) });
};

// The newest page is the first one; a message goes at its end, once.
export const appendMessageInCache = (client: QueryClient, message: ChatMessageView) =>
  client.setQueryData<MessagePages>(chatsQueryKeys.messages(message.chatId), (data) => {
    if (!data || data.pages.some((page) => page.records.some((entry) => entry.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest, records: [...newest.records, message], count: newest.count + 1 }, ...older] };
  });
