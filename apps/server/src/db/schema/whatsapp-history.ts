// Messages of a WhatsApp history sync waiting for their import (channels/whatsapp/history-import.ts):
// kept here from the batch that brought them until the import job stored them, so an import
// survives a restart and runs wherever the connection's session lives.
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { connections } from './connections.ts';

export const whatsappHistoryMessages = pgTable(
  'whatsapp_history_messages',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    providerMessageId: text('provider_message_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    // the Baileys message in BufferJSON text form, which keeps its media keys
    message: text('message').notNull(),
    imported: boolean('imported').notNull().default(false),
    // the ticket the message went to, once imported: the import's tickets are queued or closed at its
    // end (a memo, not a reference: a ticket deleted meanwhile is simply not found then)
    ticketId: integer('ticket_id'),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.providerMessageId] }), index('whatsapp_history_messages_order_idx').on(t.connectionId, t.imported, t.sentAt, t.providerMessageId)],
);
