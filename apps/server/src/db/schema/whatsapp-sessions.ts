// WhatsApp Web (Baileys) sessions (issue 6 item 2): the credentials and signal keys of each
// connection live here rather than in files, so any process can resume a session without a new QR,
// and a lease row says which process owns the live socket.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';

// One row per Baileys auth item: the creds (type 'creds', id '') and every signal key
// (pre-key, session, sender-key, app-state-sync-key…), values in Baileys' BufferJSON text form.
export const whatsappAuthKeys = pgTable(
  'whatsapp_auth_keys',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    keyId: text('key_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.type, t.keyId] })],
);

// The process that owns a connection's socket renews expiresAt while it runs; another process may
// take the session over only after the lease ran out. `command` carries a session action asked
// for through another process (restart, new QR, logout) to the owner, which runs it on renewal.
export const whatsappSessionLeases = pgTable(
  'whatsapp_session_leases',
  {
    connectionId: integer('connection_id')
      .primaryKey()
      .references(() => connections.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    command: text('command'),
  },
  (t) => [index('whatsapp_session_leases_company_idx').on(t.companyId)],
);
