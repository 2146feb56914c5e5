import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { ticketStatuses } from './tickets.ts';

// How many tickets each combination of the columns the list's tabs filter on holds, so a tab's
// count is a sum of a few rows instead of a read of up to 10,001 tickets (docs/tickets.md). The
// tickets' triggers (migration 0028) never touch these rows: two transactions moving tickets
// between the same combinations would lock them in opposite orders. They append to
// ticketCountChanges instead, and one job at a time folds those changes in (ticket-counts.jobs.ts);
// a count adds both, so it is exact in any snapshot, folded or not.
const ticketDimensions = () => ({
  companyId: integer('company_id').notNull(),
  status: text('status', { enum: ticketStatuses }).notNull(),
  queueId: integer('queue_id'),
  userId: integer('user_id'),
  whatsappId: integer('whatsapp_id'),
  isGroup: boolean('is_group').notNull(),
});

export const ticketCounts = pgTable(
  'ticket_counts',
  {
    ...ticketDimensions(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
  },
  (t) => [
    unique('ticket_counts_dimensions_key').on(t.companyId, t.status, t.queueId, t.userId, t.whatsappId, t.isGroup).nullsNotDistinct(),
    // the rows a fold leaves at zero, which it then deletes, found without reading every count
    index('ticket_counts_empty_idx')
      .on(t.companyId)
      .where(sql`${t.total} = 0`),
  ],
);

// Insert-only between folds; no foreign key, so a company's deletion (whose tickets' deletion
// appends here) is never held up by it. The fold drops the changes of companies gone.
export const ticketCountChanges = pgTable(
  'ticket_count_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...ticketDimensions(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('ticket_count_changes_company_status_idx').on(t.companyId, t.status)],
);
