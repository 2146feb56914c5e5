import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';

// WhatsApp's keys of the ticket's latest messages from the customer, newest first.
export const latestInboundMessageKeys = (db: DbOrTx, companyId: number, ticketId: number, limit: number) =>
  db
    .select({ id: messages.providerMessageId, participant: messages.participant })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false), isNotNull(messages.providerMessageId)))
    .orderBy(desc(messages.id))
    .limit(limit);
