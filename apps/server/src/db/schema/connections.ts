// The connection summary the foundation needs (users' default connection, 01-core §3);
// the channels issue extends it with the full connection of 02-operations §3.
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    channel: text('channel', { enum: ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'sandbox'] }).notNull(),
    status: text('status').notNull().default('DISCONNECTED'),
    isDefault: boolean('is_default').notNull().default(false),
    groupAsTicket: text('group_as_ticket', { enum: ['enabled', 'disabled'] }).notNull().default('disabled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('connections_company_id_idx').on(t.companyId)],
);
