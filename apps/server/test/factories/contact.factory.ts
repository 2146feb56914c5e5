// Contacts, tags and connections written straight to the database for test set-up.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { connections, contactExtraInfo, contacts, contactTags, tags } from '../../src/db/schema.ts';

let sequence = 0;
const uniqueDigits = () => `55${Date.now().toString().slice(-7)}${String(sequence++).padStart(4, '0')}`;

export const createContact = async (
  db: Db,
  companyId: number,
  values: Partial<Omit<typeof contacts.$inferInsert, 'companyId'>> & {
    extraInfo?: Array<{ name: string; value: string }>;
    tagIds?: number[];
  } = {},
) => {
  const { extraInfo, tagIds, ...fields } = values;
  const [contact] = await db
    .insert(contacts)
    .values({ name: `Contact ${uniqueDigits()}`, number: uniqueDigits(), ...fields, companyId })
    .returning();
  if (extraInfo?.length) {
    await db.insert(contactExtraInfo).values(extraInfo.map((entry) => ({ ...entry, companyId, contactId: contact.id })));
  }
  if (tagIds?.length) {
    await db.insert(contactTags).values(tagIds.map((tagId) => ({ tagId, companyId, contactId: contact.id })));
  }
  return contact;
};

export const createTag = async (db: Db, companyId: number, values: Partial<Omit<typeof tags.$inferInsert, 'companyId'>> = {}) => {
  const [tag] = await db
    .insert(tags)
    .values({ name: `Tag ${randomBytes(3).toString('hex')}`, color: '#336699', ...values, companyId })
    .returning();
  return tag;
};

export const createConnection = async (db: Db, companyId: number, name = `Connection ${randomBytes(3).toString('hex')}`) => {
  const [connection] = await db.insert(connections).values({ companyId, name, channel: 'whatsapp' }).returning();
  return connection;
};
