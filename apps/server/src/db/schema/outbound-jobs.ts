// Durable outbound work (send, edit, delete a message through its channel), written in the same
// transaction as the message change and taken by the channel dispatcher.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const outboundJobs = pgTable(
  'outbound_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['send', 'edit', 'delete'] }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbound_jobs_due_idx').on(t.runAfter).where(sql`${t.doneAt} is null`)],
);
