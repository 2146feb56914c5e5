import type { ChatMessageView, ChatView } from '@atende/shared/chats';
import type { ChatMessageRow, ChatRow, membersOf } from './chats.repo.ts';

export type ChatMember = Awaited<ReturnType<typeof membersOf>>[number];

export const toChatViews = (rows: ChatRow[], members: ChatMember[]): ChatView[] =>
  rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    users: members
      .filter((member) => member.chatId === row.id)
      .map((member) => ({ userId: member.userId, unreads: member.unreads, user: { id: member.userId, name: member.userName } })),
    lastMessage: row.lastMessage,
    updatedAt: row.updatedAt.toISOString(),
  }));

export const toChatMessageView = (row: ChatMessageRow): ChatMessageView => ({
  id: row.id,
  chatId: row.chatId,
  senderId: row.senderId,
  sender: { id: row.senderId, name: row.senderName },
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});
