// Scheduled messages (02-operations §3 Schedule). The due occurrence is a job of the job runner
// (modules/schedules/schedules.jobs.ts); these columns say which one it is, so a stale job finds
// nothing to do.
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';
import { contacts } from './contacts.ts';
import { queues } from './queues.ts';
import { users } from './users.ts';

export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    // the author: the signature (assinar) is their name
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    // the first occurrence, as chosen; later ones are counted from it (a month end stays one)
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    // the occurrence to go next, tipoDias applied; null when none is left
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentCount: integer('sent_count').notNull().default(0),
    status: text('status').notNull().default('PENDENTE'),
    errorMessage: text('error_message'),
    openTicket: text('open_ticket').notNull().default('enabled'),
    ticketUserId: integer('ticket_user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    statusTicket: text('status_ticket').notNull().default('closed'),
    intervalo: integer('intervalo').notNull().default(1),
    valorIntervalo: integer('valor_intervalo').notNull().default(0),
    enviarQuantasVezes: integer('enviar_quantas_vezes').notNull().default(1),
    tipoDias: integer('tipo_dias').notNull().default(4),
    assinar: boolean('assinar').notNull().default(false),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    mediaType: text('media_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_company_send_at_idx').on(t.companyId, t.sendAt),
    index('schedules_company_next_send_at_idx').on(t.companyId, t.nextSendAt),
    index('schedules_company_contact_idx').on(t.companyId, t.contactId),
  ],
);

export type ScheduleRow = typeof schedules.$inferSelect;
