import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

// A tag with kanban 1 is a lane of the board (02-operations §3 Tag / lane); the lane fields drive
// its automation (modules/kanban): timeLane hours, then nextLaneId; a customer reply, rollbackLaneId.
// position is the lane's place on the board, set by the admin (issue 35 point 11); a new tag goes last.
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    kanban: integer('kanban').notNull().default(0),
    timeLane: integer('time_lane').notNull().default(0),
    nextLaneId: integer('next_lane_id').references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    rollbackLaneId: integer('rollback_lane_id').references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    greetingMessageLane: text('greeting_message_lane').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_company_name_key').on(t.companyId, t.name), index('tags_company_kanban_idx').on(t.companyId, t.kanban)],
);
