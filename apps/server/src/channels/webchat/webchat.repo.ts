// The visitor's side of a conversation: its messages on one web chat connection, with the name of
// the attendant who wrote each of the company's, and without the attendants' private notes.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messages, users } from '../../db/schema.ts';

const HISTORY_LIMIT = 100;

export const readVisitorHistory = async (db: DbOrTx, companyId: number, connectionId: number, contactId: number) => {
  const rows = await db
    .select({
      id: messages.id,
      body: messages.body,
      fromMe: messages.fromMe,
      senderName: users.name,
      mediaUrl: messages.mediaUrl,
      mediaType: messages.mediaType,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.contactId, contactId),
        eq(messages.whatsappId, connectionId),
        eq(messages.isPrivate, false),
        eq(messages.isDeleted, false),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(HISTORY_LIMIT);
  return rows.reverse();
};

export const readSenderName = async (db: DbOrTx, companyId: number, messageId: number) => {
  const [row] = await db
    .select({ name: users.name, createdAt: messages.createdAt })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
    .limit(1);
  return row;
};
