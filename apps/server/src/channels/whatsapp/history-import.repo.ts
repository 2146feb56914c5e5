// The message import's own rows (history-import.ts): the history messages waiting for their import,
// the import's status on the connection, and the tickets it opened.
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections, tickets, whatsappHistoryMessages } from '../../db/schema.ts';

export type HistoryMessage = { providerMessageId: string; sentAt: Date; message: string };

const ofConnection = (companyId: number, connectionId: number) =>
  and(eq(whatsappHistoryMessages.companyId, companyId), eq(whatsappHistoryMessages.connectionId, connectionId));

export const updateImportStatus = (db: DbOrTx, companyId: number, connectionId: number, statusImportMessages: string | null) =>
  db.update(connections).set({ statusImportMessages }).where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));

export const countHistoryMessages = async (db: DbOrTx, companyId: number, connectionId: number) =>
  (await db.select({ n: count() }).from(whatsappHistoryMessages).where(ofConnection(companyId, connectionId)))[0].n;

export const countImportedHistoryMessages = async (db: DbOrTx, companyId: number, connectionId: number) =>
  (await db
    .select({ n: count() })
    .from(whatsappHistoryMessages)
    .where(and(ofConnection(companyId, connectionId), eq(whatsappHistoryMessages.imported, true))))[0].n;

// A message already kept (WhatsApp sends some twice across batches) is kept once.
export const keepHistoryMessages = async (db: DbOrTx, companyId: number, connectionId: number, messages: HistoryMessage[]) => {
  if (messages.length === 0) return;
  await db
    .insert(whatsappHistoryMessages)
    .values(messages.map((message) => ({ companyId, connectionId, ...message })))
    .onConflictDoNothing();
};

// The next messages still to import, oldest first.
export const historyMessagesToImport = (db: DbOrTx, companyId: number, connectionId: number, limit: number) =>
  db
    .select({ providerMessageId: whatsappHistoryMessages.providerMessageId, sentAt: whatsappHistoryMessages.sentAt, message: whatsappHistoryMessages.message })
    .from(whatsappHistoryMessages)
    .where(and(ofConnection(companyId, connectionId), eq(whatsappHistoryMessages.imported, false)))
    .orderBy(asc(whatsappHistoryMessages.sentAt), asc(whatsappHistoryMessages.providerMessageId))
    .limit(limit);

export const markHistoryMessageImported = (db: DbOrTx, companyId: number, connectionId: number, providerMessageId: string, ticketId: number | null) =>
  db
    .update(whatsappHistoryMessages)
    .set({ imported: true, ticketId })
    .where(and(ofConnection(companyId, connectionId), eq(whatsappHistoryMessages.providerMessageId, providerMessageId)));

export const importedTicketIds = async (db: DbOrTx, companyId: number, connectionId: number) =>
  (
    await db
      .selectDistinct({ ticketId: sql<number>`${whatsappHistoryMessages.ticketId}` })
      .from(whatsappHistoryMessages)
      .where(and(ofConnection(companyId, connectionId), eq(whatsappHistoryMessages.imported, true), isNotNull(whatsappHistoryMessages.ticketId)))
  ).map((row) => row.ticketId);

// Messages that came after the import began are left for the run their batch asked for.
export const forgetImportedHistoryMessages = (db: DbOrTx, companyId: number, connectionId: number) =>
  db.delete(whatsappHistoryMessages).where(and(ofConnection(companyId, connectionId), eq(whatsappHistoryMessages.imported, true)));

export const forgetHistoryMessages = (db: DbOrTx, companyId: number, connectionId: number) =>
  db.delete(whatsappHistoryMessages).where(ofConnection(companyId, connectionId));

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
