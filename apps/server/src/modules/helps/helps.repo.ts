// Help videos are platform-wide (docs/decisions.md): the one table whose queries take no company.
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { helps } from '../../db/schema.ts';

export type HelpRow = typeof helps.$inferSelect;
export type NewHelp = Pick<typeof helps.$inferInsert, 'title' | 'video' | 'description'>;

const searchFilter = (search: string) => {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(helps.title, pattern), ilike(helps.description, pattern));
};

export const listHelpsPage = async (db: DbOrTx, page: { search: string; limit: number; offset: number }) => {
  const where = searchFilter(page.search);
  const [rows, [total]] = await Promise.all([
    db.select().from(helps).where(where).orderBy(asc(helps.title), asc(helps.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(helps).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export const listAllHelps = (db: DbOrTx) => db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));

export const insertHelp = async (db: DbOrTx, values: NewHelp) => {
  const [row] = await db.insert(helps).values(values).returning();
  return row;
};

export const updateHelp = async (db: DbOrTx, helpId: number, values: Partial<NewHelp>) => {
  const [row] = await db
    .update(helps)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(helps.id, helpId))
    .returning();
  return row;
};

export const deleteHelp = async (db: DbOrTx, helpId: number) => {
  const rows = await db.delete(helps).where(eq(helps.id, helpId)).returning({ id: helps.id });
  return rows.length > 0;
};
