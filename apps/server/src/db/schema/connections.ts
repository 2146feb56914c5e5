// Connections (02-operations §3 Connection): one channel account of a company (a WhatsApp number,
// a Cloud API number, a Facebook page, an Instagram account, or the sandbox).
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { connectionChannels, connectionStatusReasons, newConnectionToken } from '@atende/shared/connections';
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { companies } from './companies.ts';
import { queues } from './queues.ts';

export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    channel: text('channel', { enum: connectionChannels }).notNull(),
    number: text('number').notNull().default(''),
    status: text('status').notNull().default('DISCONNECTED'),
    qrcode: text('qrcode').notNull().default(''),
    // why the session stopped or keeps failing (docs/connections.md), cleared by the next status
    statusReason: text('status_reason', { enum: connectionStatusReasons }),
    statusReasonCode: integer('status_reason_code'),
    isDefault: boolean('is_default').notNull().default(false),
    // bearer token of the external messages API for this connection
    token: text('token').notNull().$defaultFn(newConnectionToken),
    provider: text('provider').notNull().default('beta'),
    greetingMessage: text('greeting_message').notNull().default(''),
    complationMessage: text('complation_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    ratingMessage: text('rating_message').notNull().default(''),
    allowGroup: boolean('allow_group').notNull().default(false),
    groupAsTicket: text('group_as_ticket', { enum: ['enabled', 'disabled'] }).notNull().default('disabled'),
    maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
    timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
    timeSendQueue: integer('time_send_queue').notNull().default(0),
    sendIdQueue: integer('send_id_queue').references(() => queues.id, { onDelete: 'set null' }),
    expiresTicket: integer('expires_ticket').notNull().default(0),
    expiresTicketNPS: integer('expires_ticket_nps').notNull().default(0),
    maxUseBotQueuesNPS: integer('max_use_bot_queues_nps').notNull().default(3),
    expiresInactiveMessage: text('expires_inactive_message').notNull().default(''),
    timeInactiveMessage: integer('time_inactive_message').notNull().default(0),
    inactiveMessage: text('inactive_message').notNull().default(''),
    whenExpiresTicket: text('when_expires_ticket', { enum: ['0', '1'] }).notNull().default('0'),
    timeCreateNewTicket: integer('time_create_new_ticket').notNull().default(0),
    greetingMediaAttachment: text('greeting_media_attachment'),
    enableImportMessage: boolean('enable_import_message').notNull().default(false),
    importOldMessages: timestamp('import_old_messages', { withTimezone: true }),
    importRecentMessages: timestamp('import_recent_messages', { withTimezone: true }),
    importOldMessagesGroups: boolean('import_old_messages_groups').notNull().default(false),
    closedTicketsPostImported: boolean('closed_tickets_post_imported').notNull().default(false),
    queueIdImportMessages: integer('queue_id_import_messages').references(() => queues.id, { onDelete: 'set null' }),
    statusImportMessages: text('status_import_messages'),
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    collectiveVacationStart: date('collective_vacation_start', { mode: 'string' }),
    collectiveVacationEnd: date('collective_vacation_end', { mode: 'string' }),
    collectiveVacationMessage: text('collective_vacation_message').notNull().default(''),
    schedules: jsonb('schedules').$type<WeekdayServiceHours[]>().notNull().default([]),
    // provider credentials (Cloud API number id and token, page token…); never sent to clients
    channelConfig: jsonb('channel_config').$type<Record<string, string>>().notNull().default({}),
    // the provider's id of the account (Cloud API phone number id, Facebook page id, Instagram
    // account id); webhooks are routed by it, so one account belongs to one connection
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connections_company_id_idx').on(t.companyId),
    uniqueIndex('connections_token_key').on(t.token),
    uniqueIndex('connections_channel_external_id_key').on(t.channel, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

export const connectionQueues = pgTable(
  'connection_queues',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.queueId] }), index('connection_queues_queue_id_idx').on(t.queueId)],
);
