import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Help videos (03-saas §3 Help) are the platform's, written by the super admin and shown to every
// company alike, so the table has no company_id (docs/decisions.md).
export const helps = pgTable('helps', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  video: text('video').notNull(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
