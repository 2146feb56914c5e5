// Messages of a ticket (01-core §4 Messages, §7): read pages (which resets unread), send text,
// media and contact cards, private notes, edit, delete, forward, and counts.
import { and, eq } from 'drizzle-orm';
import { MESSAGE_EDIT_WINDOW_MS, MESSAGES_PAGE_SIZE, signedBody, type MessageSendBody, type MessagesPage, type MessageTemplate } from '@atende/shared/messages';
import type { Db } from '../../db/client.ts';
import { contacts, users } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Storage } from '../../platform/storage.ts';
import { touchInactivity } from '../expiry/inactivity.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import * as ticketsRepo from '../tickets/tickets.repo.ts';
import { writeTicketLog } from '../tickets/ticket-logs.repo.ts';
import { lgpdDeletedBody, toMessageViews } from './message-view.ts';
import * as repo from './messages.repo.ts';
import { enqueueOutbound } from './outbound-jobs.ts';
import { assertServiceWindow, type ServiceWindowTarget } from './service-window.ts';
import { outboundDrafts, storeMedias, writeOutboundMessage, writeOutboundMessages, type UploadedMedia } from './outbound-message.ts';

type Deps = { db: Db; bus: EventBus; storage: Storage; tickets: TicketsService; clock: Clock };

const messageNotFound = () => notFound('ERR_NO_MESSAGE_FOUND');
const canWriteTo = (status: string) => status === 'open' || status === 'group';

export const createMessagesService = ({ db, bus, storage, tickets, clock }: Deps) => {
  const checkServiceWindow = (to: ServiceWindowTarget, template: MessageTemplate | undefined) => assertServiceWindow(db, clock.now(), to, template);

  // sendSignMessage (03-saas §3): the attendant may sign, and only while the company allows it.
  const signedIfAsked = async (tenant: TenantContext, body: MessageSendBody, isPrivate: boolean, text: string) => {
    if (isPrivate || body.signMessage !== true || !text) return text;
    if ((await readCompanySettings(db, tenant.companyId)).sendSignMessage !== 'enabled') return text;
    const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, tenant.userId));
    return author ? signedBody(text, author.name) : text;
  };

  const ownMessage = async (tenant: TenantContext, messageId: number) => {
    const message = await repo.findMessage(db, tenant.companyId, messageId);
    if (!message) throw messageNotFound();
    const ticket = await tickets.visibleTicket(tenant, message.ticketId).catch(() => {
      throw messageNotFound();
    });
    return { message, ticket };
  };

  const publishUpdate = async (ticket: ticketsRepo.TicketRow, message: repo.MessageRow) => tickets.publishMessage(ticket, message, 'update');

  return {
    list: async (tenant: TenantContext, ticketId: number, pageNumber: number): Promise<MessagesPage> => {
      const ticket = await tickets.visibleTicket(tenant, ticketId);
      const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE;
      const page = await repo.listTicketMessages(db, tenant.companyId, ticketId, { limit: MESSAGES_PAGE_SIZE, offset });
      // Reading a ticket resets its unread count for everyone (01-core §4 Unread handling).
      if (ticket.unreadMessages > 0 && (await ticketsRepo.resetUnread(db, tenant.companyId, ticketId))) {
        await repo.markTicketMessagesRead(db, tenant.companyId, ticketId);
        bus.publish({
          companyId: tenant.companyId,
          event: 'ticket',
          payload: { action: 'updateUnread', ticketId },
          audience: { ticket },
        });
      }
      const [ticketView] = await tickets.viewsFor(tenant, [{ ...ticket, unreadMessages: 0 }]);
      return {
        messages: await toMessageViews(db, page.rows),
        ticket: ticketView,
        count: page.count,
        hasMore: offset + page.rows.length < page.count,
      };
    },

    send: async (tenant: TenantContext, ticketId: number, body: MessageSendBody, medias: UploadedMedia[]) => {
      const ticket = await tickets.visibleTicket(tenant, ticketId);
      const isPrivate = body.isPrivate === true;
      if (!isPrivate && !canWriteTo(ticket.status)) throw new AppError('ERR_TICKET_NOT_OPEN', 400);
      const text = body.body.trim();
      const template = isPrivate ? undefined : body.template;
      if (!text && medias.length === 0 && !body.vCard && !template) throw invalidField('body.body', 'validation.required');
      if (template && (medias.length > 0 || body.vCard)) throw invalidField('body.template', 'validation.invalidTemplate');
      if (!isPrivate) await checkServiceWindow(ticket, template);
      if (isPrivate && medias.length > 0) throw invalidField('body.isPrivate', 'validation.privateTextOnly');
      if (body.quotedMsg) {
        const quoted = await repo.findMessage(db, tenant.companyId, body.quotedMsg.id);
        if (!quoted || quoted.ticketId !== ticket.id) throw messageNotFound();
      }
      const caption = await signedIfAsked(tenant, body, isPrivate, text);
      const stored = await storeMedias(storage, tenant.companyId, medias);
      const drafts = outboundDrafts({ text: caption, medias: stored, vCard: body.vCard, template });
      const written = await db.transaction(async (tx) => {
        const sent = await writeOutboundMessages(tx, ticket, drafts, { userId: tenant.userId, isPrivate, quotedMsgId: body.quotedMsg?.id ?? null });
        // an answer to the customer restarts the inactivity countdown (private notes do not)
        if (!isPrivate) await touchInactivity(tx, sent.ticket, clock.now());
        return sent;
      });
      for (const row of written.rows) await tickets.publishMessage(written.ticket, row);
      return toMessageViews(db, written.rows);
    },

    edit: async (tenant: TenantContext, messageId: number, newBody: string) => {
      const { message, ticket } = await ownMessage(tenant, messageId);
      if (!message.fromMe || message.userId !== tenant.userId || message.isDeleted) throw new AppError('ERR_NO_PERMISSION', 403);
      if (Date.now() - message.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS) throw new AppError('ERR_EDIT_WINDOW_EXPIRED', 400);
      const updated = await db.transaction(async (tx) => {
        const row = await repo.updateMessage(tx, tenant.companyId, messageId, { body: newBody.trim(), isEdited: true });
        if (!row.isPrivate) await enqueueOutbound(tx, row, 'edit');
        return row;
      });
      await publishUpdate(ticket, updated);
      return (await toMessageViews(db, [updated]))[0];
    },

    remove: async (tenant: TenantContext, messageId: number) => {
      const { message, ticket } = await ownMessage(tenant, messageId);
      if (!message.fromMe) throw new AppError('ERR_NO_PERMISSION', 403);
      if (message.isDeleted) return (await toMessageViews(db, [message]))[0];
      const settings = await readCompanySettings(db, tenant.companyId);
      const erase = settings.lgpdDeleteMessage === 'enabled';
      const updated = await db.transaction(async (tx) => {
        const row = await repo.updateMessage(tx, tenant.companyId, messageId, {
          isDeleted: true,
          ...(erase && { body: lgpdDeletedBody, mediaUrl: null }),
        });
        if (!row.isPrivate) await enqueueOutbound(tx, row, 'delete');
        return row;
      });
      await publishUpdate(ticket, updated);
      return (await toMessageViews(db, [updated]))[0];
    },

    // Forwards one message to a contact, opening (or reusing) that contact's ticket on the same
    // connection for the current user.
    forward: async (tenant: TenantContext, messageId: number, contactId: number) => {
      const { message, ticket: source } = await ownMessage(tenant, messageId);
      if (message.isDeleted || message.isPrivate) throw new AppError('ERR_NO_PERMISSION', 403);
      const [contact] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.companyId, tenant.companyId), eq(contacts.id, contactId)));
      if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
      // checked before a ticket is opened for it, so a refused forward leaves nothing behind
      await checkServiceWindow({ channel: source.channel, companyId: tenant.companyId, contactId, whatsappId: source.whatsappId }, undefined);
      let target = await ticketsRepo.findLiveTicket(db, tenant.companyId, contactId, source.whatsappId);
      if (!target) {
        const created = await tickets.create(tenant, { contactId, whatsappId: source.whatsappId, queueId: source.queueId });
        target = await ticketsRepo.findTicket(db, tenant.companyId, created.id);
      }
      if (!target) throw notFound('ERR_NO_TICKET_FOUND');
      const targetTicket = target;
      const written = await db.transaction(async (tx) => {
        const result = await writeOutboundMessage(tx, targetTicket, {
          body: message.body,
          mediaUrl: message.mediaUrl,
          mediaType: message.mediaType,
          vCard: message.vCard,
          userId: tenant.userId,
          isPrivate: false,
          isForwarded: true,
        });
        if (targetTicket.status === 'pending') {
          await writeTicketLog(tx, { companyId: tenant.companyId, ticketId: targetTicket.id, type: 'open', userId: tenant.userId });
        }
        return result;
      });
      await tickets.publishMessage(written.ticket, written.message);
      return (await toMessageViews(db, [written.message]))[0];
    },

    countAll: async (tenant: TenantContext, filter: { fromMe?: boolean; dateStart?: string; dateEnd?: string }) => ({
      count: [{ count: await repo.countMessages(db, tenant.companyId, filter) }],
    }),
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
