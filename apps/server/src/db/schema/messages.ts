import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';
import { contacts } from './contacts.ts';
import { queues } from './queues.ts';
import { tickets } from './tickets.ts';
import { users } from './users.ts';

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // the provider's id (WhatsApp key id, Graph mid); inbound delivery is deduplicated on it
    providerMessageId: text('provider_message_id'),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    read: boolean('read').notNull().default(false),
    mediaUrl: text('media_url'),
    mediaType: text('media_type').notNull().default('chat'),
    ack: smallint('ack').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    isForwarded: boolean('is_forwarded').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    quotedMsgId: bigint('quoted_msg_id', { mode: 'number' }),
    vCard: text('v_card'),
    participant: text('participant'),
    dataJson: jsonb('data_json'),
    // the error code a channel refused this outbound message with; null while fine
    sendError: text('send_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_connection_provider_id_key')
      .on(t.companyId, sql`coalesce(${t.whatsappId}, 0)`, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index('messages_ticket_created_idx').on(t.ticketId, t.createdAt, t.id),
    index('messages_company_created_idx').on(t.companyId, t.createdAt),
    // searchOnMessages without accents or case (search_fold) through pg_trgm
    index('messages_body_search_idx').using('gin', sql`search_fold(${t.body}) gin_trgm_ops`),
  ],
);
