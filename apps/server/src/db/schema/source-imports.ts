// Imports from another helpdesk's database (issue 39: whaticket and ticketz). Each imported record
// keeps the id it had at the source, so a second run, or a run resumed after a stop, merges into
// what the first wrote instead of doubling it; the progress rows say how far each source table got.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const sourceImportIds = pgTable(
  'source_import_ids',
  {
    // names the source database (given by the operator or derived from its address and name)
    source: text('source').notNull(),
    // the kind of record: 'company', 'user', 'contact', 'ticket', 'queue', …
    entity: text('entity').notNull(),
    sourceId: text('source_id').notNull(),
    targetId: integer('target_id').notNull(),
    // the company the record landed in; null for platform records (plans)
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.source, t.entity, t.sourceId] })],
);

export const sourceImportProgress = pgTable(
  'source_import_progress',
  {
    source: text('source').notNull(),
    // the source table read in order of its key
    sourceTable: text('source_table').notNull(),
    // the last source key imported (a resumed run reads after it)
    lastKey: text('last_key'),
    rows: integer('rows').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceTable] })],
);
