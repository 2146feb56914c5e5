// 02-operations §3 File list: a named set of files with a message, each file an option with a
// name. userId is who made it (the spec's field), kept without a reference so that this table
// stays below queues, which point at it.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { MediaType } from '@atende/shared/messages';
import { companies } from './companies.ts';

export const fileLists = pgTable(
  'file_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    name: text('name').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_lists_company_name_idx').on(t.companyId, t.name)],
);

// The files go out in `position` order; path is the stored file's public url, null until uploaded.
export const fileListOptions = pgTable(
  'file_list_options',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileListId: integer('file_list_id')
      .notNull()
      .references(() => fileLists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    path: text('path'),
    mediaType: text('media_type').$type<MediaType>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_list_options_list_position_idx').on(t.fileListId, t.position)],
);
