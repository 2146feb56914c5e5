import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { contacts, contactTags, tags, ticketTags } from '../../db/schema.ts';

export type TagRow = typeof tags.$inferSelect;
export type NewTag = Omit<typeof tags.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

const tagColumns = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };

// The board's lanes follow the order the admin set (issue 35 point 11); lists and pickers go by name.
const boardOrder = [asc(tags.position), asc(tags.id)];

// After every other tag of the company: a new lane is the board's last column.
const lastPosition = (companyId: number) =>
  sql<number>`(select coalesce(max(${tags.position}), 0) + 1 from ${tags} where ${tags.companyId} = ${companyId})`;

export const insertTag = async (db: DbOrTx, companyId: number, values: NewTag) => {
  const [row] = await db
    .insert(tags)
    .values({ ...values, companyId, position: lastPosition(companyId) })
    .returning();
  return row;
};

// toLast: a tag that becomes a lane takes the board's last column.
export const updateTag = async (db: DbOrTx, companyId: number, tagId: number, values: Partial<NewTag>, placement: { toLast: boolean }) => {
  const [row] = await db
    .update(tags)
    .set({ ...values, ...(placement.toLast ? { position: lastPosition(companyId) } : {}), updatedAt: sql`now()` })
    .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)))
    .returning();
  return row;
};

// The tag's ticket and contact links go with it (cascade), and lanes that pointed to it lose
// that pointer (set null): its tickets land in the board's untagged lane.
export const deleteTag = async (db: DbOrTx, companyId: number, tagId: number) => {
  const deleted = await db
    .delete(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)))
    .returning({ id: tags.id });
  return deleted.length > 0;
};

export const findTag = async (db: DbOrTx, companyId: number, tagId: number) => {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)))
    .limit(1);
  return row;
};

export const listTags = (db: DbOrTx, companyId: number, filter: { kanban?: number }) =>
  db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.companyId, companyId), filter.kanban === undefined ? undefined : eq(tags.kanban, filter.kanban)))
    .orderBy(asc(tags.name), asc(tags.id));

// The board's lanes, in board order.
export const listLaneRows = (db: DbOrTx, companyId: number) =>
  db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
    .orderBy(...boardOrder);

// The company's lanes in board order, locked until the transaction ends, so two reorders queue.
export const lockLanes = (tx: DbOrTx, companyId: number) =>
  tx
    .select({ id: tags.id, position: tags.position })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
    .orderBy(...boardOrder)
    .for('update');

// Each lane's position becomes its place in laneIds (1, 2, …), in one statement.
export const setLanePositions = (tx: DbOrTx, companyId: number, laneIds: number[]) =>
  tx
    .update(tags)
    .set({
      position: sql`(select ordered.position from unnest(${sql.param(laneIds)}::integer[]) with ordinality as ordered(id, position) where ordered.id = ${tags.id})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1), inArray(tags.id, laneIds)));

export const pageTags = async (
  db: DbOrTx,
  companyId: number,
  page: { search: string; kanban?: number; tagId?: number; limit: number; offset: number },
) => {
  const where = and(
    eq(tags.companyId, companyId),
    page.search ? ilike(tags.name, containsPattern(page.search)) : undefined,
    page.kanban === undefined ? undefined : eq(tags.kanban, page.kanban),
    page.tagId === undefined ? undefined : eq(tags.id, page.tagId),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(tags).where(where).orderBy(asc(tags.name), asc(tags.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(tags).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

// How many tickets sit in each tag's lane and how many contacts carry it.
export const linkCounts = async (db: DbOrTx, companyId: number, tagIds: number[]) => {
  if (tagIds.length === 0) return { tickets: new Map<number, number>(), contacts: new Map<number, number>() };
  const [ticketRows, contactRows] = await Promise.all([
    db
      .select({ tagId: ticketTags.tagId, value: count() })
      .from(ticketTags)
      .where(and(eq(ticketTags.companyId, companyId), inArray(ticketTags.tagId, tagIds)))
      .groupBy(ticketTags.tagId),
    db
      .select({ tagId: contactTags.tagId, value: count() })
      .from(contactTags)
      .where(and(eq(contactTags.companyId, companyId), inArray(contactTags.tagId, tagIds)))
      .groupBy(contactTags.tagId),
  ]);
  return {
    tickets: new Map(ticketRows.map((row) => [row.tagId, row.value])),
    contacts: new Map(contactRows.map((row) => [row.tagId, row.value])),
  };
};

export const contactsOfTag = (db: DbOrTx, companyId: number, tagId: number) =>
  db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, urlPicture: contacts.urlPicture })
    .from(contactTags)
    .innerJoin(contacts, and(eq(contacts.id, contactTags.contactId), eq(contacts.companyId, companyId)))
    .where(and(eq(contactTags.companyId, companyId), eq(contactTags.tagId, tagId)))
    .orderBy(asc(contacts.name), asc(contacts.id));

export const removeContactTag = async (db: DbOrTx, companyId: number, tagId: number, contactId: number) => {
  const deleted = await db
    .delete(contactTags)
    .where(and(eq(contactTags.companyId, companyId), eq(contactTags.tagId, tagId), eq(contactTags.contactId, contactId)))
    .returning({ tagId: contactTags.tagId });
  return deleted.length > 0;
};

// The subset of tagIds that belong to the company.
export const existingTagIds = async (db: DbOrTx, companyId: number, tagIds: number[]) => {
  if (tagIds.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, tagIds)));
  return rows.map((row) => row.id);
};
