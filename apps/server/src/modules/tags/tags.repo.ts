import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';

export type NewTag = { name: string; color: string; kanban: number };

const tagColumns = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };

export const insertTag = async (db: DbOrTx, companyId: number, values: NewTag) => {
  const [row] = await db
    .insert(tags)
    .values({ ...values, companyId })
    .returning(tagColumns);
  return row;
};

export const listTags = (db: DbOrTx, companyId: number, filter: { kanban?: number }) =>
  db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.companyId, companyId), filter.kanban === undefined ? undefined : eq(tags.kanban, filter.kanban)))
    .orderBy(asc(tags.name), asc(tags.id));

// The subset of tagIds that belong to the company.
export const existingTagIds = async (db: DbOrTx, companyId: number, tagIds: number[]) => {
  if (tagIds.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, tagIds)));
  return rows.map((row) => row.id);
};
