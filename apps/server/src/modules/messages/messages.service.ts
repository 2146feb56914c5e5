// Messages of a ticket (01-core §4 Messages, §7): read pages (which resets unread), send text,
// media and contact cards, private notes, edit, delete, forward, and counts.
import { channelCan } from '@atende/shared/channel-capabilities';
import { MESSAGE_EDIT_WINDOW_MS, MESSAGES_PAGE_SIZE, signedBody, type MessageSendBody, type MessagesPage, type MessageTemplate } from '@atende/shared/messages';
import type { TicketView } from '@atende/shared/tickets';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TicketRow } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Storage } from '../../platform/storage.ts';
import { findContact } from '../contacts/contacts.repo.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { findUser } from '../users/users.repo.ts';
import { loadMessageViews } from './message-views.repo.ts';
import { lgpdDeletedBody } from './messages.view.ts';
import * as repo from './messages.repo.ts';
import { enqueueOutbound } from './outbound-message.jobs.ts';
import { assertServiceWindow, type ServiceWindowTarget } from './service-window.steps.ts';
import { outboundDrafts, storeMedias, writeOutboundMessage, writeOutboundMessages, type UploadedMedia } from './outbound-message.service.ts';
import { recordMessageEvent } from './message-webhooks.steps.ts';

// What the messages of a ticket need from the ticket lifecycle, which app.ts hands in (the
// tickets service), so the lifecycle can write messages without the two importing each other.
export type TicketAccess = {
  visibleTicket: (tenant: TenantContext, ticketId: number) => Promise<TicketRow>;
  viewsFor: (tenant: TenantContext, rows: TicketRow[]) => Promise<TicketView[]>;
  publishMessage: (ticket: TicketRow, message: repo.MessageRow, action?: 'create' | 'update') => Promise<void>;
  liveTicketFor: (tenant: TenantContext, target: { contactId: number; whatsappId: number | null; queueId: number | null }) => Promise<TicketRow>;
  replied: (tx: DbOrTx, ticket: TicketRow) => Promise<void>;
  forwardedInto: (tx: DbOrTx, ticket: TicketRow, userId: number) => Promise<void>;
};

type Deps = { db: Db; bus: EventBus; storage: Storage; tickets: TicketAccess; clock: Clock };

const messageNotFound = () => notFound('ERR_NO_MESSAGE_FOUND');
const canWriteTo = (status: string) => status === 'open' || status === 'group';

export const createMessagesService = ({ db, bus, storage, tickets, clock }: Deps) => {
  const checkServiceWindow = (to: ServiceWindowTarget, template: MessageTemplate | undefined) => assertServiceWindow(db, clock.now(), to, template);

  // sendSignMessage (03-saas §3): the attendant may sign, and only while the company allows it.
  const signedIfAsked = async (tenant: TenantContext, body: MessageSendBody, isPrivate: boolean, text: string) => {
    if (isPrivate || body.signMessage !== true || !text) return text;
    if ((await readCompanySettings(db, tenant.companyId)).sendSignMessage !== 'enabled') return text;
    const author = await findUser(db, tenant.companyId, tenant.userId);
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

  const publishUpdate = async (ticket: TicketRow, message: repo.MessageRow) => tickets.publishMessage(ticket, message, 'update');

  return {
    list: async (tenant: TenantContext, ticketId: number, pageNumber: number): Promise<MessagesPage> => {
      const ticket = await tickets.visibleTicket(tenant, ticketId);
      const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE;
      const page = await repo.listTicketMessages(db, tenant.companyId, ticketId, { limit: MESSAGES_PAGE_SIZE, offset });
      // Reading a ticket resets its unread count for everyone (01-core §4 Unread handling).
      if (ticket.unreadMessages > 0 && (await repo.resetUnread(db, tenant.companyId, ticketId))) {
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
        messages: await loadMessageViews(db, page.rows),
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
      const written = await withTransaction(db, async (tx) => {
        const sent = await writeOutboundMessages(tx, ticket, drafts, { userId: tenant.userId, isPrivate, quotedMsgId: body.quotedMsg?.id ?? null });
        // an answer to the customer restarts the inactivity countdown (private notes do not)
        if (!isPrivate) await tickets.replied(tx, sent.ticket);
        return sent;
      });
      for (const row of written.rows) await tickets.publishMessage(written.ticket, row);
      return loadMessageViews(db, written.rows);
    },

    edit: async (tenant: TenantContext, messageId: number, newBody: string) => {
      const { message, ticket } = await ownMessage(tenant, messageId);
      if (!message.fromMe || message.userId !== tenant.userId || message.isDeleted) throw new AppError('ERR_NO_PERMISSION', 403);
      if (Date.now() - message.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS) throw new AppError('ERR_EDIT_WINDOW_EXPIRED', 400);
      // the Meta channels and email keep what was sent (docs/channels.md); a private note stays editable
      if (!message.isPrivate && !channelCan(ticket.channel, 'editsSent')) throw invalidField('body.body', 'validation.channelCannotEdit');
      const updated = await withTransaction(db, async (tx) => {
        const row = await repo.updateMessage(tx, tenant.companyId, messageId, { body: newBody.trim(), isEdited: true });
        if (!row.isPrivate) await enqueueOutbound(tx, row, 'edit');
        await recordMessageEvent(tx, 'message.updated', row);
        return row;
      });
      await publishUpdate(ticket, updated);
      return (await loadMessageViews(db, [updated]))[0];
    },

    remove: async (tenant: TenantContext, messageId: number) => {
      const { message, ticket } = await ownMessage(tenant, messageId);
      if (!message.fromMe) throw new AppError('ERR_NO_PERMISSION', 403);
      if (message.isDeleted) return (await loadMessageViews(db, [message]))[0];
      const settings = await readCompanySettings(db, tenant.companyId);
      const erase = settings.lgpdDeleteMessage === 'enabled';
      const updated = await withTransaction(db, async (tx) => {
        const row = await repo.updateMessage(tx, tenant.companyId, messageId, {
          isDeleted: true,
          ...(erase && { body: lgpdDeletedBody, mediaUrl: null }),
        });
        if (!row.isPrivate) await enqueueOutbound(tx, row, 'delete');
        await recordMessageEvent(tx, 'message.updated', row);
        return row;
      });
      await publishUpdate(ticket, updated);
      return (await loadMessageViews(db, [updated]))[0];
    },

    // Forwards one message to a contact, opening (or reusing) that contact's ticket on the same
    // connection for the current user.
    forward: async (tenant: TenantContext, messageId: number, contactId: number) => {
      const { message, ticket: source } = await ownMessage(tenant, messageId);
      if (message.isDeleted || message.isPrivate) throw new AppError('ERR_NO_PERMISSION', 403);
      const contact = await findContact(db, tenant.companyId, contactId);
      if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
      // checked before a ticket is opened for it, so a refused forward leaves nothing behind
      await checkServiceWindow({ channel: source.channel, companyId: tenant.companyId, contactId, whatsappId: source.whatsappId }, undefined);
      const targetTicket = await tickets.liveTicketFor(tenant, { contactId, whatsappId: source.whatsappId, queueId: source.queueId });
      const written = await withTransaction(db, async (tx) => {
        const result = await writeOutboundMessage(tx, targetTicket, {
          body: message.body,
          mediaUrl: message.mediaUrl,
          mediaType: message.mediaType,
          vCard: message.vCard,
          userId: tenant.userId,
          isPrivate: false,
          isForwarded: true,
        });
        await tickets.forwardedInto(tx, targetTicket, tenant.userId);
        return result;
      });
      await tickets.publishMessage(written.ticket, written.message);
      return (await loadMessageViews(db, [written.message]))[0];
    },

    countAll: async (tenant: TenantContext, filter: { fromMe?: boolean; dateStart?: string; dateEnd?: string }) => ({
      count: [{ count: await repo.countMessages(db, tenant.companyId, filter) }],
    }),
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
