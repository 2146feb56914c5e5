import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prompts, queues } from '../../db/schema.ts';

export type PromptRow = typeof prompts.$inferSelect;
export type NewPrompt = Omit<typeof prompts.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export type PromptWithQueue = PromptRow & { queue: { id: number; name: string; color: string } | null };

const promptOfCompany = (companyId: number, promptId?: number) =>
  and(eq(prompts.companyId, companyId), promptId === undefined ? undefined : eq(prompts.id, promptId));

const withQueue = (db: DbOrTx) =>
  db
    .select({ prompt: prompts, queue: { id: queues.id, name: queues.name, color: queues.color } })
    .from(prompts)
    .leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)));

const joined = (rows: { prompt: PromptRow; queue: PromptWithQueue['queue'] }[]): PromptWithQueue[] =>
  rows.map((row) => ({ ...row.prompt, queue: row.queue }));

export const listPrompts = async (db: DbOrTx, companyId: number) =>
  joined(await withQueue(db).where(promptOfCompany(companyId)).orderBy(asc(prompts.name), asc(prompts.id)));

export const findPromptWithQueue = async (db: DbOrTx, companyId: number, promptId: number) =>
  joined(await withQueue(db).where(promptOfCompany(companyId, promptId)).limit(1))[0];

export const findPrompt = async (db: DbOrTx, companyId: number, promptId: number) => {
  const [row] = await db.select().from(prompts).where(promptOfCompany(companyId, promptId)).limit(1);
  return row;
};

// The prompt that answers a queue's customers: the first one made for it.
export const promptOfQueue = async (db: DbOrTx, companyId: number, queueId: number) => {
  const [row] = await db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.queueId, queueId)))
    .orderBy(asc(prompts.id))
    .limit(1);
  return row?.id;
};

export const insertPrompt = async (db: DbOrTx, companyId: number, values: NewPrompt) => {
  const [row] = await db.insert(prompts).values({ ...values, companyId }).returning({ id: prompts.id });
  return row.id;
};

export const updatePrompt = async (db: DbOrTx, companyId: number, promptId: number, values: Partial<NewPrompt>) =>
  (await db.update(prompts).set({ ...values, updatedAt: sql`now()` }).where(promptOfCompany(companyId, promptId)).returning({ id: prompts.id })).length > 0;

export const deletePrompt = async (db: DbOrTx, companyId: number, promptId: number) =>
  (await db.delete(prompts).where(promptOfCompany(companyId, promptId)).returning({ id: prompts.id })).length > 0;
