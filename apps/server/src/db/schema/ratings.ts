// NPS answers (01-core §3 Ticket userRating, 02-operations §3 rating): one per ticket, for the
// attendant who held it.
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { tickets } from './tickets.ts';
import { users } from './users.ts';

export const userRatings = pgTable(
  'user_ratings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rate: smallint('rate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_ratings_ticket_key').on(t.ticketId),
    index('user_ratings_company_user_idx').on(t.companyId, t.userId),
    // the dashboard reads a period's ratings only (a rating is never older than its ticket)
    index('user_ratings_company_created_idx').on(t.companyId, t.createdAt),
  ],
);
