import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactExtraInfo, contactImports, contacts, contactTags, tags, type ContactImportRow } from '../../db/schema.ts';
import type { ImportedContact } from './contact-import.rules.ts';

const importById = (companyId: number, id: number) => and(eq(contactImports.companyId, companyId), eq(contactImports.id, id));

export const insertContactImport = async (db: DbOrTx, companyId: number, values: { userId: number; source: ContactImportRow['source']; sourceName: string }) => {
  const [row] = await db
    .insert(contactImports)
    .values({ ...values, companyId })
    .returning();
  return row;
};

export const findContactImport = async (db: DbOrTx, companyId: number, id: number) => {
  const [row] = await db.select().from(contactImports).where(importById(companyId, id)).limit(1);
  return row;
};

export type ContactImportProgress = Partial<Pick<ContactImportRow, 'status' | 'total' | 'processed' | 'imported' | 'failed' | 'errors' | 'error'>>;

export const updateContactImport = async (db: DbOrTx, companyId: number, id: number, progress: ContactImportProgress) => {
  const [row] = await db
    .update(contactImports)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(importById(companyId, id))
    .returning();
  return row;
};

// The company's tags named in a batch (case as typed in the sheet does not matter), the missing ones
// created first with the given colours.
export const tagIdsByName = async (db: DbOrTx, companyId: number, names: string[], colorOf: () => string) => {
  if (names.length === 0) return new Map<string, number>();
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const find = () =>
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), inArray(sql`lower(${tags.name})`, lowered)));
  const found = await find();
  const known = new Set(found.map((tag) => tag.name.toLowerCase()));
  // the first spelling seen names a new tag
  const missing = new Map<string, string>();
  for (const name of names) if (!known.has(name.toLowerCase()) && !missing.has(name.toLowerCase())) missing.set(name.toLowerCase(), name);
  if (missing.size === 0) return new Map(found.map((tag) => [tag.name.toLowerCase(), tag.id]));
  await db
    .insert(tags)
    .values([...missing.values()].map((name) => ({ companyId, name, color: colorOf() })))
    .onConflictDoNothing();
  return new Map((await find()).map((tag) => [tag.name.toLowerCase(), tag.id]));
};

// A batch of imported contacts, one per number: a number the company already has is merged into
// that contact (the sheet's name when it had one, its email when not empty); tags are added to the
// contact's, extra info replaces the entries of the same name. Returns each number's contact id.
export const upsertImportedContacts = async (
  db: DbOrTx,
  companyId: number,
  rows: ImportedContact[],
  options: { acceptAudioMessage: boolean },
) => {
  if (rows.length === 0) return { ids: new Map<string, number>(), created: [], updated: [] };
  const saved = await db
    .insert(contacts)
    .values(rows.map((row) => ({ companyId, name: row.name, number: row.number, email: row.email, acceptAudioMessage: options.acceptAudioMessage })))
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.number],
      set: {
        // a row without a name took the number as its name: the contact keeps the name it has
        name: sql`case when excluded.name = excluded.number then ${contacts.name} else excluded.name end`,
        email: sql`case when excluded.email = '' then ${contacts.email} else excluded.email end`,
        updatedAt: sql`now()`,
      },
    })
    // a row no update touched (xmax 0) is new: the import created that contact
    .returning({ ...getTableColumns(contacts), created: sql<boolean>`(${contacts}.xmax = 0)` });
  return {
    ids: new Map(saved.map((row) => [row.number, row.id])),
    created: saved.filter((row) => row.created).map(({ created: _created, ...row }) => row),
    updated: saved.filter((row) => !row.created).map(({ created: _created, ...row }) => row),
  };
};

export const addContactTags = async (db: DbOrTx, companyId: number, links: { contactId: number; tagId: number }[]) => {
  if (links.length === 0) return;
  await db
    .insert(contactTags)
    .values(links.map((link) => ({ ...link, companyId })))
    .onConflictDoNothing();
};

export const replaceExtraInfoByName = async (db: DbOrTx, companyId: number, entries: { contactId: number; name: string; value: string }[]) => {
  if (entries.length === 0) return;
  const byName = new Map<string, number[]>();
  for (const entry of entries) byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry.contactId]);
  for (const [name, contactIds] of byName) {
    await db
      .delete(contactExtraInfo)
      .where(and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.name, name), inArray(contactExtraInfo.contactId, contactIds)));
  }
  await db.insert(contactExtraInfo).values(entries.map((entry) => ({ ...entry, companyId })));
};

// the wizard shows the last imports' reports when it opens
export const RECENT_IMPORTS = 10;
export const recentContactImports = (db: DbOrTx, companyId: number) =>
  db.select().from(contactImports).where(eq(contactImports.companyId, companyId)).orderBy(desc(contactImports.id)).limit(RECENT_IMPORTS);
