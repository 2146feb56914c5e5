// When an attendant opens a ticket (its unread count resets), the customer's phone is told the
// messages were read, through the session this process owns.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { findContact } from '../../modules/contacts/contacts.repo.ts';
import * as ticketsRepo from '../../modules/tickets/tickets.repo.ts';
import { recipientJid } from './outbound.ts';
import type { SessionManager } from './session-manager.ts';
import { latestInboundMessageKeys } from './whatsapp-messages.repo.ts';

const RECENT = 20;

export const sendReadReceipts = (deps: { db: Db; bus: EventBus; sessions: SessionManager; log: FastifyBaseLogger }) =>
  deps.bus.subscribe(({ companyId, event, payload }) => {
    if (event !== 'ticket' || payload.action !== 'updateUnread') return;
    const markRead = async () => {
      const ticket = await ticketsRepo.findTicket(deps.db, companyId, payload.ticketId);
      const socket = ticket?.whatsappId ? deps.sessions.connectedSocket(ticket.whatsappId) : undefined;
      if (!ticket || !socket) return;
      const contact = await findContact(deps.db, companyId, ticket.contactId);
      if (!contact) return;
      const remoteJid = recipientJid({ number: contact.number, isGroup: contact.isGroup, lid: contact.lid });
      const unread = await latestInboundMessageKeys(deps.db, companyId, ticket.id, RECENT);
      if (unread.length === 0) return;
      await socket.readMessages(unread.map((row) => ({ remoteJid, id: row.id, fromMe: false, participant: row.participant ?? undefined })));
    };
    void markRead().catch((error: unknown) => deps.log.warn({ err: error, ticketId: payload.ticketId }, 'whatsapp read receipts failed'));
  });
