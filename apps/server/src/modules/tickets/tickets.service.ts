// Ticket lifecycle of 01-core §4: list and show under the §6 visibility rules, create, the
// transitions of PUT /tickets/{id} (transitions.service.ts), delete and close-all. Changes commit
// first, events follow.
import { reachesContact } from '@atende/shared/channel-capabilities';
import { canSeeTicket } from '@atende/shared/ticket-visibility';
import type { TicketCreateBody, TicketsListQuery, TicketsPage, TicketUpdateBody, TicketView } from '@atende/shared/tickets';
import type { MessageView } from '@atende/shared/messages';
import type { CompanySettings } from '@atende/shared/settings';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Clock } from '../../platform/clock.ts';
import { findConnection, findDefaultConnection } from '../connections/connections.repo.ts';
import { findContact, type ContactRow } from '../contacts/contacts.repo.ts';
import { loadMessageView } from '../messages/message-views.repo.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import type { CompanySettingsCache } from '../settings/company-settings.cache.ts';
import type { TicketEvents, TicketOutcome } from './tickets.events.ts';
import * as lifecycle from './transitions.service.ts';
import { listTicketLogs, writeTicketLog } from './ticket-logs.repo.ts';
import { allTicketTimerJobs, cancelTicketTimers } from './ticket-timers.jobs.ts';
import { decideTransition, type Transition } from './transitions.rules.ts';
import { eventViewRows, loadTicketViews } from './ticket-views.repo.ts';
import { toTicketView } from './tickets.view.ts';
import { listTickets } from './tickets-list.repo.ts';
import * as repo from './tickets.repo.ts';
import type { TicketRow } from './tickets.repo.ts';
import { recordTicketEvent } from './ticket-webhooks.steps.ts';

// timeZone: the configured zone ({{ms}} and {{hour}} of the texts a transition sends)
type Deps = { db: Db; bus: EventBus; clock: Clock; timeZone: string; events: TicketEvents; settings: CompanySettingsCache };

const ticketNotFound = () => notFound('ERR_NO_TICKET_FOUND');

const useCases: Record<Transition, (step: lifecycle.TransitionStep) => Promise<TicketOutcome>> = {
  accept: lifecycle.accept,
  reopen: lifecycle.reopen,
  return: lifecycle.returnToQueue,
  resolve: lifecycle.resolve,
  ignore: lifecycle.ignore,
  transfer: lifecycle.transfer,
  changeQueue: lifecycle.changeQueue,
  settings: lifecycle.updateSettings,
};

export const createTicketsService = ({ db, bus, clock, timeZone, events, settings: settingsCache }: Deps) => {
  const masksFor = (tenant: TenantContext, settings: CompanySettings) => lifecycle.on(settings.lgpdHideNumber) && tenant.actor.profile === 'user';

  const viewsFor = async (tenant: TenantContext, rows: TicketRow[]) => {
    const settings = await settingsCache.read(tenant.companyId);
    return loadTicketViews(db, tenant.companyId, rows, { maskNumbers: masksFor(tenant, settings) });
  };

  // Events reach many users; with lgpdHideNumber on they carry masked numbers for everyone.
  const eventViewRow = eventViewRows(db);
  const eventView = async (row: TicketRow) => {
    const settings = await settingsCache.read(row.companyId);
    const related = await eventViewRow({ companyId: row.companyId, ticketId: row.id });
    return related && toTicketView({ ...related, ticket: row }, { maskNumbers: lifecycle.on(settings.lgpdHideNumber) });
  };

  const emitTicket = (row: TicketRow, ticket: TicketView) =>
    bus.publish({ companyId: row.companyId, event: 'ticket', payload: { action: 'update', ticket }, audience: { ticket: row } });

  // A ticket deleted since its change committed has nothing left to show: no event.
  const publishTicket = async (row: TicketRow) => {
    const ticket = await eventView(row);
    if (ticket) emitTicket(row, ticket);
    return ticket;
  };

  // The message's event goes first: it is what an attendant waits for, and it carries the ticket
  // too. With many sockets the second event's frames wait for the first's, so the ticket's own
  // event (for whoever listens to tickets only) follows it.
  const publishMessage = async (row: TicketRow, message: MessageRow, action: 'create' | 'update' = 'create') => {
    const ticket = await eventView(row);
    if (!ticket) return;
    const view: MessageView = await loadMessageView(db, message, [ticket.contact]);
    bus.publish({
      companyId: row.companyId,
      event: 'appMessage',
      payload: { action, message: view, ticket, contact: ticket.contact },
      audience: { ticket: row },
    });
    emitTicket(row, ticket);
  };

  const publishOutcome = async (outcome: TicketOutcome) => {
    if (outcome.closedBefore) await publishTicket(outcome.closedBefore);
    if (outcome.messages.length === 0) await publishTicket(outcome.row);
    for (const message of outcome.messages) await publishMessage(outcome.row, message);
  };

  const visibleTicket = async (tenant: TenantContext, ticketId: number) => {
    const row = await repo.findTicket(db, tenant.companyId, ticketId);
    if (!row || !canSeeTicket(tenant.actor, row)) throw ticketNotFound();
    return row;
  };

  const transition = async (tenant: TenantContext, current: TicketRow, body: TicketUpdateBody): Promise<TicketOutcome> => {
    const kind = decideTransition(current, body, tenant.userId);
    if (!kind) throw new AppError('ERR_INVALID_TRANSITION', 400);
    const settings = await settingsCache.read(tenant.companyId);
    return withTransaction(db, async (tx) => {
      const outcome = await useCases[kind]({ tx, tenant, current, body, settings, clock, timeZone, events });
      if (outcome.closedBefore) await recordTicketEvent(tx, 'changed', outcome.closedBefore);
      await recordTicketEvent(tx, 'changed', outcome.row);
      return outcome;
    });
  };

  // No connection named means the default one (01-core), unless the default cannot reach the
  // contact and the contact's own connection can (an email or web chat customer of a company
  // whose default is WhatsApp).
  const unnamedConnection = async (tx: DbOrTx, companyId: number, contact: ContactRow) => {
    const fallback = await findDefaultConnection(tx, companyId);
    if ((fallback && reachesContact(fallback, contact)) || contact.whatsappId === null) return fallback;
    const own = await findConnection(tx, companyId, contact.whatsappId);
    return own && reachesContact(own, contact) ? own : fallback;
  };

  // A contact and connection of the company for a new ticket.
  const openingTarget = async (tx: DbOrTx, tenant: TenantContext, body: TicketCreateBody) => {
    const contact = await findContact(tx, tenant.companyId, body.contactId);
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
    const queueId = body.queueId ?? null;
    if (queueId !== null) await lifecycle.assertQueueExists(tx, tenant.companyId, queueId);
    if (body.whatsappId === undefined || body.whatsappId === null) return { contact, queueId, connection: await unnamedConnection(tx, tenant.companyId, contact) };
    const connection = await findConnection(tx, tenant.companyId, body.whatsappId);
    if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
    // a connection named by hand must reach the contact: no email address through WhatsApp, no
    // WhatsApp number through a Telegram bot (issue 41 point 4, docs/channels.md)
    if (!reachesContact(connection, contact)) throw invalidField('body.whatsappId', 'validation.contactNotOnChannel');
    return { contact, queueId, connection };
  };

  const create = async (tenant: TenantContext, body: TicketCreateBody): Promise<TicketView> => {
    const row = await withTransaction(db, async (tx) => {
      const { contact, queueId, connection } = await openingTarget(tx, tenant, body);
      const whatsappId = connection?.id ?? null;
      try {
        const created = await withTransaction(tx, (inner) =>
          repo.insertTicket(inner, {
            companyId: tenant.companyId,
            contactId: contact.id,
            whatsappId,
            queueId,
            userId: tenant.userId,
            status: contact.isGroup ? 'group' : 'open',
            isGroup: contact.isGroup,
            channel: connection?.channel ?? contact.channel,
          }),
        );
        await lifecycle.logTicket(tx, created, 'create', tenant.userId);
        await recordTicketEvent(tx, 'created', created);
        await events.handled(tx, created, clock.now());
        return created;
      } catch (error) {
        if (!isUniqueViolation(error, 'tickets_one_live_per_contact_key')) throw error;
        const holder = await repo.findLiveTicket(tx, tenant.companyId, contact.id, whatsappId);
        throw holder ? await lifecycle.conflictWith(tx, holder) : error;
      }
    });
    await publishTicket(row);
    return (await viewsFor(tenant, [row]))[0];
  };

  return {
    canJoin: async (tenant: TenantContext, ticketId: number) => {
      const row = await repo.findTicket(db, tenant.companyId, ticketId);
      return Boolean(row && canSeeTicket(tenant.actor, row));
    },

    visibleTicket,
    viewsFor,
    publishTicket,
    publishMessage,
    publishOutcome,

    list: async (tenant: TenantContext, query: TicketsListQuery): Promise<TicketsPage> => {
      const [page, settings] = await Promise.all([
        listTickets(db, tenant.companyId, tenant.actor, query),
        settingsCache.read(tenant.companyId),
      ]);
      return {
        tickets: page.rows.map((row) => toTicketView(row, { maskNumbers: masksFor(tenant, settings) })),
        count: page.count,
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      };
    },

    // The kanban board's tickets (modules/kanban), masked as the list is.
    board: async (tenant: TenantContext, filter: { queueIds: number[]; startDate?: string; endDate?: string; limit: number }) => {
      const [rows, settings] = await Promise.all([
        repo.listBoardTickets(db, tenant.companyId, tenant.actor, filter),
        settingsCache.read(tenant.companyId),
      ]);
      return rows.map((row) => toTicketView(row, { maskNumbers: masksFor(tenant, settings) }));
    },

    show: async (tenant: TenantContext, ticketId: number): Promise<TicketView> => (await viewsFor(tenant, [await visibleTicket(tenant, ticketId)]))[0],

    showByUuid: async (tenant: TenantContext, uuid: string): Promise<TicketView> => {
      const row = await repo.findTicketByUuid(db, tenant.companyId, uuid);
      if (!row || !canSeeTicket(tenant.actor, row)) throw ticketNotFound();
      await writeTicketLog(db, { companyId: row.companyId, ticketId: row.id, type: 'access', userId: tenant.userId, queueId: row.queueId });
      return (await viewsFor(tenant, [row]))[0];
    },

    create,

    update: async (tenant: TenantContext, ticketId: number, body: TicketUpdateBody): Promise<TicketView> => {
      const current = await visibleTicket(tenant, ticketId);
      // clients of the whaticket family send the ticket's connection back with a transfer (or none,
      // null); a ticket stays on the connection its customer wrote to, so another one is refused
      // rather than ignored
      if (body.whatsappId != null && body.whatsappId !== current.whatsappId) throw invalidField('body.whatsappId', 'validation.ticketConnectionFixed');
      const outcome = await transition(tenant, current, body);
      await publishOutcome(outcome);
      return (await viewsFor(tenant, [outcome.row]))[0];
    },

    remove: async (tenant: TenantContext, ticketId: number) => {
      const row = await visibleTicket(tenant, ticketId);
      if (row.status === 'closed') throw new AppError('ERR_DELETE_CLOSED_TICKET', 400);
      const deleted = await withTransaction(db, async (tx) => {
        if (!(await repo.deleteTicket(tx, tenant.companyId, ticketId))) return false;
        await cancelTicketTimers(tx, ticketId, allTicketTimerJobs);
        return true;
      });
      if (!deleted) throw ticketNotFound();
      bus.publish({ companyId: tenant.companyId, event: 'ticket', payload: { action: 'delete', ticketId }, audience: { ticket: row } });
    },

    closeAll: async (tenant: TenantContext, status: 'open' | 'pending', queueIds: number[]) => {
      const settings = await settingsCache.read(tenant.companyId);
      const closed = await withTransaction(db, async (tx) => {
        const candidates = await repo.liveTicketsToClose(tx, tenant.companyId, status, queueIds);
        const done: TicketOutcome[] = [];
        for (const candidate of candidates) {
          const row = await repo.updateTicketFrom(tx, tenant.companyId, candidate, { status: 'closed', closedAt: clock.now(), amountUsedBotQueues: 0 });
          if (!row) continue;
          await lifecycle.logTicket(tx, row, 'closed', tenant.userId);
          await cancelTicketTimers(tx, row.id, allTicketTimerJobs);
          const outcome = candidate.status === 'pending' ? await lifecycle.farewellToWaiting(tx, row, settings, clock.now(), timeZone) : { row, messages: [] };
          await recordTicketEvent(tx, 'changed', outcome.row);
          done.push(outcome);
        }
        return done;
      });
      for (const outcome of closed) await publishOutcome(outcome);
      return { closed: closed.length };
    },

    logs: async (tenant: TenantContext, ticketId: number) => {
      await visibleTicket(tenant, ticketId);
      return listTicketLogs(db, tenant.companyId, ticketId);
    },

    // A deleted connection's live tickets close first (tickets.repo.ts closeLiveTicketsOfConnection).
    closeTicketsOfConnection: async (tx: DbOrTx, companyId: number, connectionId: number, userId: number) => {
      const closed = await repo.closeLiveTicketsOfConnection(tx, companyId, connectionId);
      for (const ticket of closed) {
        await writeTicketLog(tx, { companyId, ticketId: ticket.id, userId, type: 'closed' });
        await recordTicketEvent(tx, 'changed', ticket);
      }
      return closed;
    },

    // What the messages of a ticket need from its lifecycle (messages.service.ts TicketAccess).
    // The contact's live ticket on the connection, opened for the user when there is none (forward).
    liveTicketFor: async (tenant: TenantContext, target: { contactId: number; whatsappId: number | null; queueId: number | null }) => {
      const live = await repo.findLiveTicket(db, tenant.companyId, target.contactId, target.whatsappId);
      if (live) return live;
      const created = await create(tenant, target);
      const row = await repo.findTicket(db, tenant.companyId, created.id);
      if (!row) throw ticketNotFound();
      return row;
    },

    replied: (tx: DbOrTx, ticket: TicketRow) => events.replied(tx, ticket, clock.now()),

    // A message forwarded into a waiting ticket counts as the user opening it.
    forwardedInto: async (tx: DbOrTx, ticket: TicketRow, userId: number) => {
      if (ticket.status === 'pending') await writeTicketLog(tx, { companyId: ticket.companyId, ticketId: ticket.id, type: 'open', userId });
    },
  };
};

export type TicketsService = ReturnType<typeof createTicketsService>;
