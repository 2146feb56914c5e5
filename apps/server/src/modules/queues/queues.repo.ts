import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatbots, queues, userQueues } from '../../db/schema.ts';

const summary = { id: queues.id, name: queues.name, color: queues.color };

export const listQueues = (db: DbOrTx, companyId: number) =>
  db.select(summary).from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.name));

export const listQueuesOfUser = (db: DbOrTx, companyId: number, userId: number) =>
  db
    .select(summary)
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)))
    .orderBy(asc(queues.name));

export const existingQueueIds = async (db: DbOrTx, companyId: number, queueIds: number[]) => {
  if (queueIds.length === 0) return [];
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
  return rows.map((row) => row.id);
};

export type QueueRow = typeof queues.$inferSelect;
export type NewQueue = Omit<typeof queues.$inferInsert, 'id' | 'companyId'>;
export type ChatbotRow = typeof chatbots.$inferSelect;
export type NewChatbot = Omit<typeof chatbots.$inferInsert, 'id' | 'companyId'>;

const queueOfCompany = (companyId: number, queueId?: number) =>
  and(eq(queues.companyId, companyId), queueId === undefined ? undefined : eq(queues.id, queueId));

export const listQueueRows = (db: DbOrTx, companyId: number) =>
  db.select().from(queues).where(queueOfCompany(companyId)).orderBy(asc(sql`coalesce(${queues.orderQueue}, 2147483647)`), asc(queues.name));

export const findQueue = async (db: DbOrTx, companyId: number, queueId: number) => {
  const [row] = await db.select().from(queues).where(queueOfCompany(companyId, queueId)).limit(1);
  return row;
};

export const countQueues = async (db: DbOrTx, companyId: number) => {
  const [row] = await db.select({ value: count() }).from(queues).where(queueOfCompany(companyId));
  return row?.value ?? 0;
};

export const insertQueue = async (db: DbOrTx, companyId: number, values: NewQueue) => {
  const [row] = await db.insert(queues).values({ ...values, companyId }).returning();
  return row;
};

export const updateQueue = async (db: DbOrTx, companyId: number, queueId: number, values: Partial<NewQueue>) => {
  const [row] = await db.update(queues).set({ ...values, updatedAt: sql`now()` }).where(queueOfCompany(companyId, queueId)).returning();
  return row;
};

export const deleteQueue = async (db: DbOrTx, companyId: number, queueId: number) =>
  (await db.delete(queues).where(queueOfCompany(companyId, queueId)).returning({ id: queues.id })).length > 0;

const chatbotOfCompany = (companyId: number, chatbotId?: number) =>
  and(eq(chatbots.companyId, companyId), chatbotId === undefined ? undefined : eq(chatbots.id, chatbotId));

export const listChatbots = (db: DbOrTx, companyId: number, queueIds: number[]) =>
  queueIds.length === 0
    ? Promise.resolve([])
    : db.select().from(chatbots).where(and(chatbotOfCompany(companyId), inArray(chatbots.queueId, queueIds))).orderBy(asc(chatbots.id));

export const findChatbot = async (db: DbOrTx, companyId: number, chatbotId: number) => {
  const [row] = await db.select().from(chatbots).where(chatbotOfCompany(companyId, chatbotId)).limit(1);
  return row;
};

export const insertChatbot = async (db: DbOrTx, companyId: number, values: NewChatbot) => {
  const [row] = await db.insert(chatbots).values({ ...values, companyId }).returning();
  return row;
};

export const updateChatbot = async (db: DbOrTx, companyId: number, chatbotId: number, values: Partial<NewChatbot>) => {
  const [row] = await db.update(chatbots).set({ ...values, updatedAt: sql`now()` }).where(chatbotOfCompany(companyId, chatbotId)).returning();
  return row;
};

export const deleteChatbot = async (db: DbOrTx, companyId: number, chatbotId: number) =>
  (await db.delete(chatbots).where(chatbotOfCompany(companyId, chatbotId)).returning({ id: chatbots.id })).length > 0;

// One level of a queue's option tree, in the order the options were created.
export const optionsUnder = (db: DbOrTx, companyId: number, queueId: number, parentId: number | null) =>
  db
    .select()
    .from(chatbots)
    .where(
      and(
        eq(chatbots.companyId, companyId),
        eq(chatbots.queueId, queueId),
        parentId === null ? isNull(chatbots.parentId) : eq(chatbots.parentId, parentId),
      ),
    )
    .orderBy(asc(chatbots.id));
