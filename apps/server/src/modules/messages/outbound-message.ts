// Writes a message the company sends (attendant reply, greeting, farewell) and queues its delivery
// in the same transaction; private messages are stored and never sent (01-core §4 Messages).
import type { DbOrTx } from '../../db/client.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';
import { insertMessage, touchTicketWithMessage, type NewMessage } from './messages.repo.ts';
import { enqueueOutbound } from './outbound.repo.ts';

export type OutboundDraft = Pick<NewMessage, 'body' | 'mediaUrl' | 'mediaType' | 'quotedMsgId' | 'isPrivate' | 'isForwarded' | 'vCard' | 'dataJson'> & {
  userId: number | null;
};

export const writeOutboundMessage = async (tx: DbOrTx, ticket: TicketRow, draft: OutboundDraft) => {
  const message = await insertMessage(tx, {
    ...draft,
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    queueId: ticket.queueId,
    fromMe: true,
    read: true,
    ack: 0,
  });
  if (!message.isPrivate) await enqueueOutbound(tx, ticket.companyId, 'send', message.id);
  const [updatedTicket] = await touchTicketWithMessage(tx, ticket.companyId, ticket.id, {
    lastMessage: message.isPrivate ? ticket.lastMessage : message.body || message.mediaType,
    unreadIncrement: 0,
  });
  return { message, ticket: updatedTicket };
};
