// A web chat visitor (issue 41 point 1): the browser's visitor token, kept as its hash, tied to the
// contact it writes as. A visitor whose pre-chat email or phone names a known contact writes as that
// contact; the visitor's socket room and history go by the visitor, not by the contact's number.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';
import { contacts } from './contacts.ts';

export const webchatVisitors = pgTable(
  'webchat_visitors',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    // visitorNumberOf(token): digits of the token's SHA-256, never the token
    visitorNumber: text('visitor_number').notNull(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    // the visitor reads the conversation from here on, never what the contact said before
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webchat_visitors_connection_number_uq').on(t.connectionId, t.visitorNumber), index('webchat_visitors_contact_idx').on(t.contactId, t.connectionId)],
);
