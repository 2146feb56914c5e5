import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { chatMessages, chats, chatUsers, users } from '../../db/schema.ts';

export type ChatRow = typeof chats.$inferSelect;
export type ChatMemberRow = { chatId: number; userId: number; unreads: number; userName: string };
export type ChatMessageRow = { id: number; chatId: number; senderId: number; senderName: string; message: string; createdAt: Date };

// The chats the user is a member of, newest activity first.
export const listChatsOfMember = async (
  db: DbOrTx,
  companyId: number,
  userId: number,
  page: { search: string; limit: number; offset: number },
) => {
  const where = and(
    eq(chats.companyId, companyId),
    eq(chatUsers.userId, userId),
    page.search ? ilike(chats.title, containsPattern(page.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ chat: chats })
      .from(chats)
      .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.companyId, companyId)))
      .where(where)
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ value: count() })
      .from(chats)
      .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.companyId, companyId)))
      .where(where),
  ]);
  return { rows: rows.map((row) => row.chat), count: total?.value ?? 0 };
};

// A chat of the company that the user is a member of; anyone else finds nothing.
export const findChatOfMember = async (db: DbOrTx, companyId: number, chatId: number, userId: number) => {
  const [row] = await db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId)))
    .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)))
    .limit(1);
  return row?.chat;
};

export const insertChat = async (db: DbOrTx, companyId: number, values: { title: string; ownerId: number }) => {
  const [row] = await db
    .insert(chats)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const updateChat = async (db: DbOrTx, companyId: number, chatId: number, values: { title?: string; lastMessage?: string }) => {
  const [row] = await db
    .update(chats)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)))
    .returning();
  return row;
};

export const deleteChat = (db: DbOrTx, companyId: number, chatId: number) =>
  db.delete(chats).where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));

export const membersOf = async (db: DbOrTx, companyId: number, chatIds: number[]): Promise<ChatMemberRow[]> => {
  if (chatIds.length === 0) return [];
  return db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, userName: users.name })
    .from(chatUsers)
    .innerJoin(users, and(eq(users.id, chatUsers.userId), eq(users.companyId, companyId)))
    .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, chatIds)))
    .orderBy(asc(users.name), asc(users.id));
};

// Makes the chat's members exactly userIds: the ones who stay keep their unread counts.
export const replaceMembers = async (db: DbOrTx, companyId: number, chatId: number, userIds: number[]) => {
  const current = await db
    .select({ userId: chatUsers.userId })
    .from(chatUsers)
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId)));
  const leaving = current.map((row) => row.userId).filter((id) => !userIds.includes(id));
  if (leaving.length > 0) {
    await db.delete(chatUsers).where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), inArray(chatUsers.userId, leaving)));
  }
  await db
    .insert(chatUsers)
    .values(userIds.map((userId) => ({ companyId, chatId, userId })))
    .onConflictDoNothing();
  return leaving;
};

export const addUnreadForOthers = (db: DbOrTx, companyId: number, chatId: number, senderId: number) =>
  db
    .update(chatUsers)
    .set({ unreads: sql`${chatUsers.unreads} + 1` })
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), ne(chatUsers.userId, senderId)));

export const clearUnreads = (db: DbOrTx, companyId: number, chatId: number, userId: number) =>
  db
    .update(chatUsers)
    .set({ unreads: 0 })
    .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)));

const messageColumns = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  senderName: users.name,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
};

export const insertChatMessage = async (
  db: DbOrTx,
  companyId: number,
  values: { chatId: number; senderId: number; message: string },
): Promise<ChatMessageRow> => {
  const [inserted] = await db
    .insert(chatMessages)
    .values({ ...values, companyId })
    .returning({ id: chatMessages.id });
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.id, inserted.id)));
  return row;
};

// One page of a chat's messages, newest page first; the rows come newest first.
export const listChatMessages = async (db: DbOrTx, companyId: number, chatId: number, page: { limit: number; offset: number }) => {
  const where = and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId));
  const [rows, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.senderId))
      .where(where)
      .orderBy(desc(chatMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(chatMessages).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};
