import { and, asc, count, eq, ilike, inArray, like, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { normalizeNumber } from '@atende/shared/phone';
import type { ContactExtraInfoInput } from '@atende/shared/contacts';
import { companySettingDefaults } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { arrayColumnsOf, columnArrays, columnNames, columnsOf, preparedSql, unnestRows } from '../../db/prepared-statement.ts';
import { companySettings, contactExtraInfo, contacts, contactTags, tags } from '../../db/schema.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = Omit<typeof contacts.$inferInsert, 'id' | 'uuid' | 'companyId' | 'createdAt' | 'updatedAt'>;


export type ContactsFilter = {
  search: string;
  channel?: string;
  isGroup?: boolean;
  tagIds?: number[];
};

const contactsWhere = (db: DbOrTx, companyId: number, filter: ContactsFilter) => {
  const conditions: SQL[] = [eq(contacts.companyId, companyId)];
  const search = filter.search.trim();
  if (search) {
    const pattern = containsPattern(search);
    const byText = [ilike(contacts.name, pattern), ilike(contacts.email, pattern)];
    // numbers are stored as digits: "+55 (11) 9876" finds 55119876…
    const digits = normalizeNumber(search);
    if (digits) byText.push(like(contacts.number, `%${digits}%`));
    conditions.push(or(...byText)!);
  }
  if (filter.channel) conditions.push(eq(contacts.channel, filter.channel));
  if (filter.isGroup !== undefined) conditions.push(eq(contacts.isGroup, filter.isGroup));
  if (filter.tagIds?.length) {
    const tagged = db
      .select({ contactId: contactTags.contactId })
      .from(contactTags)
      .where(and(eq(contactTags.companyId, companyId), inArray(contactTags.tagId, filter.tagIds)));
    conditions.push(inArray(contacts.id, tagged));
  }
  return and(...conditions);
};

export const listContacts = async (
  db: DbOrTx,
  companyId: number,
  page: ContactsFilter & { limit: number; offset: number },
) => {
  const where = contactsWhere(db, companyId, page);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(contacts).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export const listContactSummaries = (db: DbOrTx, companyId: number) =>
  db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));

export const findContact = async (db: DbOrTx, companyId: number, contactId: number) => {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
    .limit(1);
  return row;
};

// Locks the contact row until the transaction ends, so concurrent tag syncs run one after another.
export const lockContact = async (db: DbOrTx, companyId: number, contactId: number) => {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
    .limit(1)
    .for('update');
  return row;
};

export const findContactByNumber = async (db: DbOrTx, companyId: number, number: string) => {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
    .limit(1);
  return row;
};

// acceptAudioMessage may be an expression: the company's default for new contacts (attendance module)
export const insertContact = async (
  db: DbOrTx,
  companyId: number,
  values: Omit<NewContact, 'acceptAudioMessage'> & { acceptAudioMessage?: boolean | SQL<boolean> },
) => {
  const [row] = await db
    .insert(contacts)
    .values({ ...values, companyId })
    .returning();
  return row;
};

// Audio acceptance (03-saas §3 acceptAudioMessageContact): the company's choice for a new
// contact, as an expression of the insert that creates it, since the inbound path upserts a
// contact per message and would otherwise read the settings every time.
export const newContactsAcceptAudio = (companyId: number | Placeholder) =>
  sql<boolean>`coalesce((select ${companySettings.value} = 'enabled' from ${companySettings}
    where ${companySettings.companyId} = ${companyId} and ${companySettings.key} = 'acceptAudioMessageContact'),
    ${companySettingDefaults.acceptAudioMessageContact === 'enabled'})`;

export type ContactSighting = { number: string; name: string; channel: string; isGroup: boolean; whatsappId: number; lid: string | null };

// Customers seen on a channel (inbound messages, the external API, a campaign's numbers): the
// company's contact of each number, created on first sight (audio acceptance as the company sets it
// for new contacts), one per company and number, decided by the database; a lid, WhatsApp's other
// address for the contact, is kept once learned. One statement for any number of sightings (a batch
// of inbound messages), built and prepared once with one array per column. Each number once: a
// statement cannot update one row twice. Rows are written in the order given, and callers give a
// stable one, so that two transactions lock the contacts they share in the same order.
const SIGHTING_VALUES = arrayColumnsOf(contacts, ['number', 'name', 'channel', 'isGroup', 'whatsappId', 'lid'] as const);

// `created`: the row is new (no update touched it, so its xmax is 0), which says whether the
// sighting sends contact.created.
const createdByInsert = sql<boolean>`(contacts.xmax = 0)`;

export type SightedContact = { contact: ContactRow; created: boolean };

const contactsUpsert = preparedSql<SightedContact>(
  'contacts_upsert_by_numbers',
  { contact: contacts, created: createdByInsert },
  sql`insert into ${contacts} (company_id, accept_audio_message, ${columnNames(SIGHTING_VALUES)})
  select ${sql.placeholder('companyId')}::integer, ${newContactsAcceptAudio(sql.placeholder('companyId'))}, ${columnNames(SIGHTING_VALUES)}
  from ${unnestRows('seen', SIGHTING_VALUES)}
  order by ord
  on conflict (company_id, number) do update set updated_at = now(), lid = coalesce(${contacts.lid}, excluded.lid)
  returning ${columnsOf(contacts, 'contacts')}, ${createdByInsert}`,
);

export const upsertContactsByNumber = async (db: DbOrTx, companyId: number, sightings: ContactSighting[]): Promise<SightedContact[]> => {
  if (sightings.length === 0) return [];
  const rows = sightings.map((seen) => ({ ...seen, name: seen.name.trim() || seen.number }));
  return contactsUpsert(db, { ...columnArrays(SIGHTING_VALUES, rows), companyId });
};

export const updateContact = async (db: DbOrTx, companyId: number, contactId: number, values: Partial<NewContact>) => {
  const [row] = await db
    .update(contacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
    .returning();
  return row;
};

// Flips a boolean in one statement, so two quick clicks give two flips.
export const toggleContactFlag = async (
  db: DbOrTx,
  companyId: number,
  contactId: number,
  flag: 'acceptAudioMessage' | 'disableBot',
) => {
  const [row] = await db
    .update(contacts)
    .set({ [flag]: not(contacts[flag]), updatedAt: sql`now()` })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
    .returning();
  return row;
};

export const deleteContact = async (db: DbOrTx, companyId: number, contactId: number) => {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
    .returning({ id: contacts.id });
  return deleted.length > 0;
};

export const extraInfoOfContacts = async (db: DbOrTx, companyId: number, contactIds: number[]) => {
  if (contactIds.length === 0) return [];
  return db
    .select({ id: contactExtraInfo.id, contactId: contactExtraInfo.contactId, name: contactExtraInfo.name, value: contactExtraInfo.value })
    .from(contactExtraInfo)
    .where(and(eq(contactExtraInfo.companyId, companyId), inArray(contactExtraInfo.contactId, contactIds)))
    .orderBy(asc(contactExtraInfo.id));
};

// One entry a channel keeps on the contact (a Telegram customer's @username): added when the contact
// has none of that name, its value changed when it differs, left alone otherwise.
export const keepExtraInfo = async (db: DbOrTx, companyId: number, contactId: number, entry: { name: string; value: string }) => {
  const ofEntry = and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.contactId, contactId), eq(contactExtraInfo.name, entry.name));
  const [stored] = await db.select({ id: contactExtraInfo.id, value: contactExtraInfo.value }).from(contactExtraInfo).where(ofEntry).limit(1);
  if (!stored) await db.insert(contactExtraInfo).values({ companyId, contactId, ...entry });
  else if (stored.value !== entry.value) await db.update(contactExtraInfo).set({ value: entry.value }).where(eq(contactExtraInfo.id, stored.id));
};

// Entries with an id of this contact are updated, the others added, stored ones not named removed.
// An id of another contact (or company) is treated as a new entry, never touched.
export const replaceExtraInfo = async (db: DbOrTx, companyId: number, contactId: number, entries: ContactExtraInfoInput[]) => {
  const ofContact = and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.contactId, contactId));
  const stored = new Set((await db.select({ id: contactExtraInfo.id }).from(contactExtraInfo).where(ofContact)).map((row) => row.id));
  const kept = new Map<number, ContactExtraInfoInput>();
  const added: ContactExtraInfoInput[] = [];
  for (const entry of entries) {
    if (entry.id !== undefined && stored.has(entry.id) && !kept.has(entry.id)) kept.set(entry.id, entry);
    else added.push(entry);
  }
  const removed = [...stored].filter((id) => !kept.has(id));
  if (removed.length > 0) await db.delete(contactExtraInfo).where(and(ofContact, inArray(contactExtraInfo.id, removed)));
  for (const [id, entry] of kept) {
    await db
      .update(contactExtraInfo)
      .set({ name: entry.name, value: entry.value })
      .where(and(ofContact, eq(contactExtraInfo.id, id)));
  }
  if (added.length > 0) {
    await db
      .insert(contactExtraInfo)
      .values(added.map((entry) => ({ companyId, contactId, name: entry.name, value: entry.value })));
  }
};

export const tagsOfContacts = async (db: DbOrTx, companyId: number, contactIds: number[]) => {
  if (contactIds.length === 0) return [];
  return db
    .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(contactTags)
    .innerJoin(tags, and(eq(tags.id, contactTags.tagId), eq(tags.companyId, companyId)))
    .where(and(eq(contactTags.companyId, companyId), inArray(contactTags.contactId, contactIds)))
    .orderBy(asc(tags.name), asc(tags.id));
};

export const replaceContactTags = async (db: DbOrTx, companyId: number, contactId: number, tagIds: number[]) => {
  await db.delete(contactTags).where(and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, contactId)));
  if (tagIds.length > 0) {
    await db
      .insert(contactTags)
      .values(tagIds.map((tagId) => ({ companyId, contactId, tagId })))
      .onConflictDoNothing();
  }
};

export const countContactTags = async (db: DbOrTx, companyId: number, contactId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(contactTags)
    .where(and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, contactId)));
  return row?.value ?? 0;
};

// The name and picture a message view shows for its contacts.
export const contactSummariesByIds = (db: DbOrTx, companyId: number, contactIds: number[]) =>
  contactIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: contacts.id, name: contacts.name, urlPicture: contacts.urlPicture })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIds)));
