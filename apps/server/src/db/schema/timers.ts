// Durable ticket timers (NPS expiry, inactivity, queue redirect): a row written in the same
// transaction as the change that causes it, taken by the timer worker when due.
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { tickets } from './tickets.ts';

export const timers = pgTable(
  'timers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    // decided by the application's clock, so tests can move time by hand
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    // a lease on the database clock: a process that dies holding a timer lets it run out
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('timers_kind_ticket_key').on(t.kind, t.ticketId), index('timers_due_idx').on(t.dueAt)],
);
