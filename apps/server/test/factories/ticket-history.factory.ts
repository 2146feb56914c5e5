// A ticket's history written straight to the database at chosen instants (its log entries and its
// rating), so the dashboard and report tests can compute their answers by hand.
import type { Db } from '../../src/db/client.ts';
import { ticketLogs, tickets, userRatings } from '../../src/db/schema.ts';
import { createContact } from './contact.factory.ts';

type LogEntry = { type: (typeof ticketLogs.$inferInsert)['type']; at: string; userId?: number | null };

export type HistoryTicket = Partial<Omit<typeof tickets.$inferInsert, 'companyId' | 'createdAt' | 'closedAt'>> & {
  createdAt: string;
  closedAt?: string;
  // the `create` entry is written at createdAt with this user (null: the customer started it)
  createdBy?: number | null;
  logs?: LogEntry[];
  rate?: number;
};

export const insertHistoryTicket = async (db: Db, companyId: number, history: HistoryTicket) => {
  const { createdAt, closedAt, createdBy = null, logs = [], rate, contactId, ...fields } = history;
  const contact = contactId ?? (await createContact(db, companyId, { createdAt: new Date('2024-01-01T00:00:00Z') })).id;
  const [ticket] = await db
    .insert(tickets)
    .values({
      ...fields,
      companyId,
      contactId: contact,
      createdAt: new Date(createdAt),
      updatedAt: new Date(closedAt ?? createdAt),
      closedAt: closedAt ? new Date(closedAt) : null,
    })
    .returning();
  const entries = [{ type: 'create' as const, at: createdAt, userId: createdBy }, ...logs];
  await db
    .insert(ticketLogs)
    .values(entries.map((entry) => ({ companyId, ticketId: ticket.id, type: entry.type, userId: entry.userId ?? null, createdAt: new Date(entry.at) })));
  if (rate !== undefined) {
    await db.insert(userRatings).values({ companyId, ticketId: ticket.id, userId: ticket.userId, rate, createdAt: new Date(closedAt ?? createdAt) });
  }
  return ticket;
};
