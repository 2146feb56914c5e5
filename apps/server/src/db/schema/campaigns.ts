// Campaigns (02-operations §3 Campaign, Campaign settings, §4 Campaign status). Each contact of the
// audience gets one shipping row (unique per campaign and number); the send and the row's mark are
// written in one transaction, so a rerun after a crash finds the row marked and sends nothing twice.
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';
import { contactLists } from './contact-lists.ts';
import { contacts } from './contacts.ts';
import { queues } from './queues.ts';
import { tags } from './tags.ts';
import { users } from './users.ts';

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    message1: text('message1').notNull().default(''),
    message2: text('message2').notNull().default(''),
    message3: text('message3').notNull().default(''),
    message4: text('message4').notNull().default(''),
    message5: text('message5').notNull().default(''),
    confirmationMessage1: text('confirmation_message1').notNull().default(''),
    confirmationMessage2: text('confirmation_message2').notNull().default(''),
    confirmationMessage3: text('confirmation_message3').notNull().default(''),
    confirmationMessage4: text('confirmation_message4').notNull().default(''),
    confirmationMessage5: text('confirmation_message5').notNull().default(''),
    status: text('status').notNull().default('INATIVA'),
    confirmation: boolean('confirmation').notNull().default(false),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    contactListId: integer('contact_list_id').references(() => contactLists.id, { onDelete: 'set null' }),
    tagListId: integer('tag_list_id').references(() => tags.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    openTicket: text('open_ticket').notNull().default('disabled'),
    statusTicket: text('status_ticket').notNull().default('closed'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    mediaType: text('media_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_company_name_idx').on(t.companyId, t.name)],
);

export const campaignShipping = pgTable(
  'campaign_shipping',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    // digits only, as the contact list item or the tagged contact has it
    number: text('number').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    // the contact the message went to (found or created by number when it goes)
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    confirmationRequestedAt: timestamp('confirmation_requested_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    // the error code of a contact who could not be sent to
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // each contact receives each campaign at most once
    uniqueIndex('campaign_shipping_campaign_number_key').on(t.campaignId, t.number),
    // a contact's reply finds the confirmation it answers
    index('campaign_shipping_company_contact_idx').on(t.companyId, t.contactId),
  ],
);

// 02-operations §3 Campaign settings: key and value pairs per company.
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignShippingRow = typeof campaignShipping.$inferSelect;
