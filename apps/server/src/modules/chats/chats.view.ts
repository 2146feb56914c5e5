import type { ChatMessageView, ChatView } from '@atende/shared/chats';
import type { DbOrTx } from '../../db/client.ts';
import { membersOf, type ChatMessageRow, type ChatRow } from './chats.repo.ts';

export const toChatViews = async (db: DbOrTx, companyId: number, rows: ChatRow[]): Promise<ChatView[]> => {
  const members = await membersOf(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
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
};

export const toChatView = async (db: DbOrTx, companyId: number, row: ChatRow) => (await toChatViews(db, companyId, [row]))[0];

export const toChatMessageView = (row: ChatMessageRow): ChatMessageView => ({
  id: row.id,
  chatId: row.chatId,
  senderId: row.senderId,
  sender: { id: row.senderId, name: row.senderName },
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});
