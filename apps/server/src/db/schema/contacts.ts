import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';
import { users } from './users.ts';
import { tags } from './tags.ts';

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // digits only for phone channels; the page-scoped id for Messenger and Instagram
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    urlPicture: text('url_picture').notNull().default(''),
    active: boolean('active').notNull().default(true),
    disableBot: boolean('disable_bot').notNull().default(false),
    acceptAudioMessage: boolean('accept_audio_message').notNull().default(true),
    lgpdAcceptedAt: timestamp('lgpd_accepted_at', { withTimezone: true }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    // the contact's own attendant (wallet): with DirectTicketsToWallets their new tickets go to this user
    walletUserId: integer('wallet_user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull().default('whatsapp'),
    isGroup: boolean('is_group').notNull().default(false),
    // WhatsApp's LID (…@lid) of this contact, so a message addressed by LID or by phone JID
    // reaches the same contact
    lid: text('lid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_company_number_key').on(t.companyId, t.number),
    uniqueIndex('contacts_uuid_key').on(t.uuid),
    uniqueIndex('contacts_company_lid_key').on(t.companyId, t.lid).where(sql`${t.lid} is not null`),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    index('contacts_company_lower_name_idx').on(t.companyId, sql`lower(${t.name})`),
    // the contacts page filtered by channel reads its page in order (issue 41 point 4)
    index('contacts_company_channel_lower_name_idx').on(t.companyId, t.channel, sql`lower(${t.name})`, t.id),
    // substring search by name or number through pg_trgm
    index('contacts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('contacts_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    // the ticket search by name, without accents or case (search_fold)
    index('contacts_name_search_idx').using('gin', sql`search_fold(${t.name}) gin_trgm_ops`),
    // the dashboard's leads of a period (docs/dashboard-reports.md)
    index('contacts_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

export const contactExtraInfo = pgTable(
  'contact_extra_info',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [index('contact_extra_info_contact_id_idx').on(t.contactId)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_id_idx').on(t.tagId)],
);
