import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

// 02-operations §3 Quick message: geral shares it with the company, visao lets others read it.
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shortcode: text('shortcode').notNull(),
    message: text('message').notNull().default(''),
    geral: boolean('geral').notNull().default(false),
    visao: boolean('visao').notNull().default(false),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quick_messages_company_shortcode_idx').on(t.companyId, t.shortcode)],
);
