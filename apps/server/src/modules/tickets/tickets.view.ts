// TicketView from the rows tickets.repo.ts selects with their contact, user, queue, connection
// and tags. Numbers are masked for profile users when lgpdHideNumber is on.
import { maskNumber } from '@atende/shared/phone';
import type { TicketView } from '@atende/shared/tickets';
import type { TicketViewRow } from './tickets.repo.ts';

export const toTicketView = (row: TicketViewRow, options: { maskNumbers: boolean }): TicketView => {
  const { ticket, contact } = row;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    companyId: ticket.companyId,
    status: ticket.status,
    priority: ticket.priority,
    userId: ticket.userId,
    user: row.user,
    queueId: ticket.queueId,
    queue: row.queue,
    whatsappId: ticket.whatsappId,
    whatsapp: row.whatsapp,
    channel: ticket.channel,
    isGroup: ticket.isGroup,
    isBot: ticket.isBot,
    useIntegration: ticket.useIntegration,
    isTransfered: ticket.isTransfered,
    amountUsedBotQueues: ticket.amountUsedBotQueues,
    contactId: ticket.contactId,
    contact: { ...contact, number: options.maskNumbers && !contact.isGroup ? maskNumber(contact.number) : contact.number },
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    tags: row.tags,
    userRating: row.userRating,
    sla: row.sla,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
};
