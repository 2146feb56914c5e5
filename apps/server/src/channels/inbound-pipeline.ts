// Every channel's inbound messages end here: find or create the contact, find the live ticket or
// open a pending one, store the message once per (connection, provider id), bump unread and last
// message, let the conversation flow (modules/flow) answer in the same transaction, then publish
// after commit. Answers only after the message is durably stored.
import { and, eq } from 'drizzle-orm';
import { normalizeNumber } from '@atende/shared/phone';
import type { Db } from '../db/client.ts';
import { connections } from '../db/schema.ts';
import { notFound } from '../platform/errors.ts';
import type { ConversationFlow } from '../modules/flow/conversation-flow.ts';
import * as messagesRepo from '../modules/messages/messages.repo.ts';
import { upsertContactByNumber } from '../modules/contacts/contacts.repo.ts';
import { findOrOpenLiveTicket } from '../modules/tickets/live-ticket.ts';
import * as ticketsRepo from '../modules/tickets/tickets.repo.ts';
import type { TicketsService } from '../modules/tickets/tickets.service.ts';
import type { InboundAck, InboundMessage } from './provider.ts';

export type InboundResult = { messageId: number; ticketId: number; duplicate: boolean };

// PostgreSQL text cannot hold NUL; a customer's message is kept without it rather than refused.
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

export const createInboundPipeline = (deps: { db: Db; tickets: TicketsService; flow: ConversationFlow }) => ({
  receive: async (raw: InboundMessage): Promise<InboundResult> => {
    const message = { ...raw, body: withoutNul(raw.body), from: { ...raw.from, name: withoutNul(raw.from.name) } };
    const outcome = await deps.db.transaction(async (tx) => {
      const [connection] = await tx
        .select({ id: connections.id, channel: connections.channel })
        .from(connections)
        .where(and(eq(connections.companyId, message.companyId), eq(connections.id, message.connectionId)));
      if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
      const known = await messagesRepo.findByProviderId(tx, message.companyId, message.connectionId, message.providerMessageId);
      if (known) return { duplicate: true as const, message: known };
      const isGroup = message.from.isGroup ?? false;
      const contact = await upsertContactByNumber(tx, message.companyId, {
        number: isGroup ? message.from.number : normalizeNumber(message.from.number),
        name: message.from.name,
        channel: connection.channel,
        isGroup,
        whatsappId: message.connectionId,
      });
      const ticket =
        (await deps.flow.reopenRecent(tx, contact, message.connectionId)) ??
        (
          await findOrOpenLiveTicket(
            tx,
            { companyId: message.companyId, contact, whatsappId: message.connectionId, channel: connection.channel },
            { status: contact.isGroup ? 'group' : 'pending' },
          )
        ).ticket;
      const quoted = message.quotedProviderMessageId
        ? await messagesRepo.findByProviderId(tx, message.companyId, message.connectionId, message.quotedProviderMessageId)
        : undefined;
      const stored = await messagesRepo.insertInboundMessage(tx, {
        companyId: message.companyId,
        ticketId: ticket.id,
        contactId: contact.id,
        whatsappId: message.connectionId,
        queueId: ticket.queueId,
        providerMessageId: message.providerMessageId,
        body: message.body,
        fromMe: message.fromMe ?? false,
        read: message.fromMe ?? false,
        mediaType: message.mediaType ?? 'chat',
        mediaUrl: message.mediaUrl ?? null,
        quotedMsgId: quoted?.id ?? null,
        ack: message.fromMe ? 1 : 0,
      });
      if (!stored) {
        const racing = await messagesRepo.findByProviderId(tx, message.companyId, message.connectionId, message.providerMessageId);
        if (!racing) throw new Error('inbound message vanished after a conflict');
        return { duplicate: true as const, message: racing };
      }
      const [bumped] = await messagesRepo.touchTicketWithMessage(tx, message.companyId, ticket.id, {
        lastMessage: stored.body || stored.mediaType,
        unreadIncrement: stored.fromMe ? 0 : 1,
      });
      // the bot answers in this transaction, so a retried webhook can never run it twice
      const flowed = await deps.flow.run(tx, { ticket: bumped, contact, message: stored });
      return { duplicate: false as const, message: stored, flowed };
    });
    if (!outcome.duplicate) {
      await deps.tickets.publishMessage(outcome.flowed.ticket, outcome.message);
      await deps.flow.publish(outcome.flowed);
    }
    return { messageId: outcome.message.id, ticketId: outcome.message.ticketId, duplicate: outcome.duplicate };
  },

  acknowledge: async (receipt: InboundAck) => {
    const message = await messagesRepo.findByProviderId(deps.db, receipt.companyId, receipt.connectionId, receipt.providerMessageId);
    if (!message) return false;
    const raised = await messagesRepo.raiseAck(deps.db, receipt.companyId, message.id, receipt.ack);
    if (raised) {
      const ticket = await ticketsRepo.findTicket(deps.db, receipt.companyId, raised.ticketId);
      if (ticket) await deps.tickets.publishMessage(ticket, raised, 'update');
    }
    return true;
  },
});

export type InboundPipeline = ReturnType<typeof createInboundPipeline>;
