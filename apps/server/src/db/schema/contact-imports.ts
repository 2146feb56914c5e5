// Contact imports (01-core §2 /contacts/import): one row per import, its progress and the report of
// the rows it refused, so the report outlives the page that started it.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

export const contactImports = pgTable(
  'contact_imports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // 'spreadsheet' or 'contactList'
    source: text('source').notNull(),
    // the sheet's name as uploaded, or the list's name
    sourceName: text('source_name').notNull().default(''),
    // queued, running, done, failed
    status: text('status').notNull().default('queued'),
    // rows to read (counted before the import starts), for the progress bar
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<{ line: number; reason: string }[]>().notNull().default([]),
    // why a whole import could not run (an unreadable file, a deleted list)
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_imports_company_created_idx').on(t.companyId, t.createdAt)],
);

export type ContactImportRow = typeof contactImports.$inferSelect;
