// Queues (sectors) and their chatbot option trees (02-operations §3 Queue, Chatbot option).
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { companies } from './companies.ts';
import { fileLists } from './file-lists.ts';

export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    completionMessage: text('completion_message').notNull().default(''),
    orderQueue: integer('order_queue'),
    ativarRoteador: boolean('ativar_roteador').notNull().default(false),
    tempoRoteador: integer('tempo_roteador').notNull().default(0),
    integrationId: integer('integration_id'),
    // a file list in use is not deleted (docs/decisions.md): no action, checked at the statement's end
    fileListId: integer('file_list_id').references(() => fileLists.id),
    closeTicket: boolean('close_ticket').notNull().default(false),
    // issue 40 point 4: manual keeps today's behaviour (and the rotation); the others assign new
    // tickets to the queue's online attendants within their capacity
    assignment: text('assignment', { enum: ['manual', 'roundRobin', 'leastOpen'] }).notNull().default('manual'),
    // round robin's place: the attendant assigned last
    lastAssignedUserId: integer('last_assigned_user_id'),
    schedules: jsonb('schedules').$type<WeekdayServiceHours[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('queues_company_id_idx').on(t.companyId),
    uniqueIndex('queues_company_name_key').on(t.companyId, t.name),
    uniqueIndex('queues_company_color_key').on(t.companyId, t.color),
  ],
);

export const chatbots = pgTable(
  'chatbots',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => chatbots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    queueType: text('queue_type', { enum: ['text', 'attendent', 'queue', 'integration', 'file'] }).notNull().default('text'),
    closeTicket: boolean('close_ticket').notNull().default(false),
    optQueueId: integer('opt_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    optUserId: integer('opt_user_id'),
    optIntegrationId: integer('opt_integration_id'),
    optFileId: integer('opt_file_id').references(() => fileLists.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chatbots_queue_parent_idx').on(t.queueId, t.parentId)],
);
