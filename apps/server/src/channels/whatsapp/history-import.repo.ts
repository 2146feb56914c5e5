// The message import's own writes (history-import.ts): its status on the connection and the
// tickets it opened.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections, tickets } from '../../db/schema.ts';

export const updateImportStatus = (db: DbOrTx, companyId: number, connectionId: number, statusImportMessages: string | null) =>
  db.update(connections).set({ statusImportMessages }).where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));

// The connection's pending tickets, all of them or only those among `ticketIds`.
export const pendingTicketsOfConnection = (db: DbOrTx, companyId: number, connectionId: number, ticketIds?: number[]) =>
  db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.whatsappId, connectionId),
        eq(tickets.status, 'pending'),
        ticketIds ? inArray(tickets.id, ticketIds.length > 0 ? ticketIds : [0]) : undefined,
      ),
    );

// Imported tickets without a queue go to the connection's import queue.
export const queueUnqueuedTickets = (db: DbOrTx, companyId: number, ticketIds: number[], queueId: number) =>
  db
    .update(tickets)
    .set({ queueId })
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds), isNull(tickets.queueId)));
