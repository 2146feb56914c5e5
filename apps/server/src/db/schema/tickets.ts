import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';
import { contacts } from './contacts.ts';
import { chatbots, queues } from './queues.ts';
import { queueIntegrations } from './queue-integrations.ts';
import { tags } from './tags.ts';
import { users } from './users.ts';

export type IntegrationSession = { sessionId: string; lastActivityAt: string; choices: string[] };

export const ticketStatuses = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export const ticketPriorities = ['none', 'low', 'medium', 'high', 'urgent'] as const;

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ticketStatuses }).notNull().default('pending'),
    // issue 40 point 5: what rules, macros, attendants and SLA policies go by
    priority: text('priority', { enum: ticketPriorities }).notNull().default('none'),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    channel: text('channel').notNull().default('whatsapp'),
    isGroup: boolean('is_group').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    useIntegration: boolean('use_integration').notNull().default(false),
    // the queue integration answering the customer while useIntegration is on (docs/ai-integrations.md);
    // kept after it handed over, so a new conversation does not start it again
    integrationId: integer('integration_id').references(() => queueIntegrations.id, { onDelete: 'set null' }),
    // a typebot's chat session: its id, the last exchange (for the expiry) and the choices it offered
    integrationSession: jsonb('integration_session').$type<IntegrationSession>(),
    // the AI prompt answering the customer (docs/ai-integrations.md); null once it handed over
    promptId: integer('prompt_id'),
    isTransfered: boolean('is_transfered').notNull().default(false),
    amountUsedBotQueues: integer('amount_used_bot_queues').notNull().default(0),
    // invalid answers to the rating question so far (02-operations §3 maxUseBotQueuesNPS)
    amountUsedBotQueuesNPS: integer('amount_used_bot_queues_nps').notNull().default(0),
    // the conversation flow's place: the option whose sub-menu the customer is answering (null:
    // the queue's first level), when the bot last sent a menu, when it last said it is closed
    chatbotId: integer('chatbot_id').references(() => chatbots.id, { onDelete: 'set null' }),
    botMenuSentAt: timestamp('bot_menu_sent_at', { withTimezone: true }),
    outOfHoursSentAt: timestamp('out_of_hours_sent_at', { withTimezone: true }),
    lastMessage: text('last_message').notNull().default(''),
    unreadMessages: integer('unread_messages').notNull().default(0),
    greetingSentAt: timestamp('greeting_sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_uuid_key').on(t.uuid),
    // one live ticket per contact and connection, decided by the database (01-core §4)
    uniqueIndex('tickets_one_live_per_contact_key')
      .on(t.companyId, t.contactId, sql`coalesce(${t.whatsappId}, 0)`)
      .where(sql`${t.status} <> 'closed'`),
    index('tickets_company_status_updated_idx').on(t.companyId, t.status, t.updatedAt, t.id),
    // the attendance panel: the newest live tickets in order, whichever of the two statuses
    index('tickets_company_live_updated_idx')
      .on(t.companyId, t.updatedAt, t.id)
      .where(sql`${t.status} in ('open', 'pending')`),
    // the dashboard's period, the charts, and the report's order and keyset (docs/dashboard-reports.md)
    index('tickets_company_created_idx').on(t.companyId, t.createdAt, t.id),
    // a user's own tickets of a tab, and the unassigned ones, newest first (tickets-list.repo.ts
    // ownerWays): two indexes that split the tickets, since a btree gives no order after an IS NULL
    // and one index for both left the planner a bitmap over every unassigned ticket to choose
    index('tickets_company_user_status_updated_idx')
      .on(t.companyId, t.userId, t.status, t.updatedAt, t.id)
      .where(sql`${t.userId} is not null`),
    index('tickets_company_unassigned_status_updated_idx')
      .on(t.companyId, t.status, t.updatedAt, t.id)
      .where(sql`${t.userId} is null`),
    index('tickets_company_queue_status_idx').on(t.companyId, t.queueId, t.status),
    // a tab sorted by priority (sortBy=priority): the rank is tickets-list.repo.ts' own expression,
    // word for word, so its page is read in order from the index instead of sorting the whole tab
    index('tickets_company_status_priority_updated_idx').on(
      t.companyId,
      t.status,
      sql`array_position(array['none','low','medium','high','urgent']::text[], ${t.priority})`,
      t.updatedAt,
      t.id,
    ),
    // a contact's tickets with every column the list's filters and order read, so a name search
    // checks the tickets of each contact found without reading them (an index-only scan)
    index('tickets_contact_visibility_idx').on(t.contactId, t.companyId, t.status, t.userId, t.queueId, t.isGroup, t.updatedAt, t.id),
    // a search's page, newest first over every status (01-core §2 ticket search)
    index('tickets_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    // substring search without accents or case (search_fold, migration of issue 21) through pg_trgm
    index('tickets_last_message_search_idx').using('gin', sql`search_fold(${t.lastMessage}) gin_trgm_ops`),
  ],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // when the ticket entered this lane: the lane timer counts from here (modules/kanban)
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index('ticket_tags_tag_id_idx').on(t.tagId)],
);

export const ticketLogTypes = [
  'create',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  'redirect',
  'rotation',
] as const;

export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ticketLogTypes }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_logs_ticket_idx').on(t.ticketId, t.createdAt),
    // the dashboard reads the entries written since its period began (dashboard.repo.ts)
    index('ticket_logs_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_notes_ticket_contact_idx').on(t.ticketId, t.contactId)],
);

// The row types the ticket and message modules share, here so neither imports the other for them.
export type TicketRow = typeof tickets.$inferSelect;
