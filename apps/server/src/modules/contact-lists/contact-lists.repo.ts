import { and, asc, count, eq, gt, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { normalizeNumber } from '@atende/shared/phone';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { contactListItems, contactLists, type ContactListItemRow } from '../../db/schema.ts';

const listById = (companyId: number, id: number) => and(eq(contactLists.companyId, companyId), eq(contactLists.id, id));
const itemById = (companyId: number, id: number) => and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id));

// qualified by hand: in a one-table select Drizzle leaves column names bare, which inside the
// subquery would name the item's own id
const contactsCount = sql<number>`(select count(*)::int from ${contactListItems} as items where items.contact_list_id = "contact_lists"."id" and items.company_id = "contact_lists"."company_id")`;
const listColumns = {
  id: contactLists.id,
  name: contactLists.name,
  companyId: contactLists.companyId,
  createdAt: contactLists.createdAt,
  updatedAt: contactLists.updatedAt,
  contactsCount,
};

export const insertContactList = async (db: DbOrTx, companyId: number, name: string) => {
  const [row] = await db.insert(contactLists).values({ companyId, name }).returning({ id: contactLists.id });
  return row;
};

export const findContactList = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db.select(listColumns).from(contactLists).where(listById(companyId, id)).limit(1);
  return row;
};

export const updateContactList = async (db: DbOrTx, companyId: number, id: number, name: string) => {
  const [row] = await db.update(contactLists).set({ name, updatedAt: new Date() }).where(listById(companyId, id)).returning({ id: contactLists.id });
  return row;
};

export const deleteContactList = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db.delete(contactLists).where(listById(companyId, id)).returning({ id: contactLists.id });
  return row;
};

export const listContactLists = async (db: DbOrTx, companyId: number, filter: { search: string; limit?: number; offset?: number }) => {
  const search = filter.search.trim();
  const where = and(eq(contactLists.companyId, companyId), search ? ilike(contactLists.name, containsPattern(search)) : undefined);
  const query = db.select(listColumns).from(contactLists).where(where).orderBy(asc(contactLists.name), asc(contactLists.id));
  const [rows, [total]] = await Promise.all([
    filter.limit === undefined ? query : query.limit(filter.limit).offset(filter.offset ?? 0),
    db.select({ value: count() }).from(contactLists).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export type NewContactListItem = { name: string; number: string; email: string; contactListId: number };

export const insertContactListItem = async (db: DbOrTx, companyId: number, values: NewContactListItem) => {
  const [row] = await db
    .insert(contactListItems)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const findContactListItem = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db.select().from(contactListItems).where(itemById(companyId, id)).limit(1);
  return row;
};

export const updateContactListItem = async (db: DbOrTx, companyId: number, id: number, changes: Partial<Pick<ContactListItemRow, 'name' | 'number' | 'email' | 'isWhatsappValid'>>) => {
  const [row] = await db
    .update(contactListItems)
    .set({ ...changes, updatedAt: new Date() })
    .where(itemById(companyId, id))
    .returning();
  return row;
};

export const deleteContactListItem = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db.delete(contactListItems).where(itemById(companyId, id)).returning();
  return row;
};

export const listContactListItems = async (db: DbOrTx, companyId: number, filter: { contactListId: number; search: string; limit: number; offset: number }) => {
  const conditions: (SQL | undefined)[] = [eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, filter.contactListId)];
  const search = filter.search.trim();
  if (search) {
    const digits = normalizeNumber(search);
    conditions.push(
      or(
        ilike(contactListItems.name, containsPattern(search)),
        ilike(contactListItems.email, containsPattern(search)),
        digits ? like(contactListItems.number, `%${digits}%`) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(contactListItems).where(where).orderBy(asc(contactListItems.name), asc(contactListItems.id)).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(contactListItems).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

// An import's batch: a number already in the list is merged (its name and email take the sheet's).
export const upsertContactListItems = async (db: DbOrTx, companyId: number, contactListId: number, rows: { name: string; number: string; email: string }[]) => {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(contactListItems)
    .values(rows.map((row) => ({ ...row, companyId, contactListId })))
    .onConflictDoUpdate({
      target: [contactListItems.contactListId, contactListItems.number],
      set: { name: sql`excluded.name`, email: sql`excluded.email`, updatedAt: new Date() },
    })
    .returning({ id: contactListItems.id });
  return inserted.length;
};

// A list's entries in id order, a page after another (the contact import reads a list this way).
export const contactListItemsAfter = (db: DbOrTx, companyId: number, contactListId: number, afterId: number, limit: number) =>
  db
    .select({ id: contactListItems.id, name: contactListItems.name, number: contactListItems.number, email: contactListItems.email })
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId), gt(contactListItems.id, afterId)))
    .orderBy(asc(contactListItems.id))
    .limit(limit);
