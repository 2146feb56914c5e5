import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { quickMessages } from '../../db/schema.ts';

export type QuickMessageRow = typeof quickMessages.$inferSelect;
export type NewQuickMessage = Omit<typeof quickMessages.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

// The SQL form of canSeeQuickMessage (packages/shared quick-messages.ts); keep the two in step.
const visibleTo = (userId: number): SQL | undefined => or(eq(quickMessages.userId, userId), eq(quickMessages.geral, true), eq(quickMessages.visao, true));

const visibleWhere = (companyId: number, userId: number, search = '') =>
  and(
    eq(quickMessages.companyId, companyId),
    visibleTo(userId),
    search ? or(ilike(quickMessages.shortcode, containsPattern(search)), ilike(quickMessages.message, containsPattern(search))) : undefined,
  );

export const pageQuickMessages = async (db: DbOrTx, companyId: number, userId: number, page: { search: string; limit: number; offset: number }) => {
  const where = visibleWhere(companyId, userId, page.search);
  const [rows, [total]] = await Promise.all([
    db.select().from(quickMessages).where(where).orderBy(asc(quickMessages.shortcode), asc(quickMessages.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(quickMessages).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export const listQuickMessages = (db: DbOrTx, companyId: number, userId: number) =>
  db
    .select()
    .from(quickMessages)
    .where(and(visibleWhere(companyId, userId), eq(quickMessages.status, 'active')))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));

export const findQuickMessage = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
    .limit(1);
  return row;
};

export const insertQuickMessage = async (db: DbOrTx, companyId: number, values: NewQuickMessage) => {
  const [row] = await db
    .insert(quickMessages)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const updateQuickMessage = async (db: DbOrTx, companyId: number, id: number, values: Partial<NewQuickMessage>) => {
  const [row] = await db
    .update(quickMessages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
    .returning();
  return row;
};

export const deleteQuickMessage = async (db: DbOrTx, companyId: number, id: number) => {
  const deleted = await db
    .delete(quickMessages)
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
    .returning({ id: quickMessages.id });
  return deleted.length > 0;
};
