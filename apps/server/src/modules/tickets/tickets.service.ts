// Ticket lifecycle of 01-core §4: list and show under the §6 visibility rules, create, the
// transitions of PUT /tickets/{id}, delete and close-all. Changes commit first, events follow.
import { and, count, eq } from 'drizzle-orm';
import { can } from '@atende/shared/permissions';
import { renderPlaceholders } from '@atende/shared/placeholders';
import { canSeeTicket } from '@atende/shared/ticket-visibility';
import type {
  TicketConflict,
  TicketCreateBody,
  TicketsListQuery,
  TicketsPage,
  TicketUpdateBody,
  TicketView,
} from '@atende/shared/tickets';
import type { MessageView } from '@atende/shared/messages';
import type { CompanySettings } from '@atende/shared/settings';
import type { Db, DbOrTx } from '../../db/client.ts';
import { connections, contactTags, contacts, queues, users } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Clock } from '../../platform/clock.ts';
import { touchInactivity } from '../expiry/inactivity.ts';
import { writeAutomaticMessage } from '../messages/automatic-message.ts';
import { toMessageView } from '../messages/message-view.ts';
import { writeOutboundMessage } from '../messages/outbound-message.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import { startRedirectCountdown } from '../queues/queue-redirect.ts';
import { stopRotationCountdown } from '../queues/queue-rotation.ts';
import { askForRating, ratingConnectionFor } from '../ratings/nps.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { decideTransition } from './ticket-transitions.ts';
import { listTicketLogs, writeTicketLog, type TicketLogType } from './ticket-logs.repo.ts';
import { allTicketTimerKinds, cancelTicketTimers } from './ticket-timers.ts';
import { toTicketView, toTicketViews } from './ticket-view.ts';
import * as repo from './tickets.repo.ts';
import type { TicketRow } from './tickets.repo.ts';

type Deps = { db: Db; bus: EventBus; clock: Clock };

// A ticket after a change, with the messages the change wrote (published after the commit).
// closedBefore: the ticket a transfer closed when it opened a new one (closeTicketOnTransfer).
export type TicketOutcome = { row: TicketRow; messages: MessageRow[]; closedBefore?: TicketRow };

// Used when sendMsgTransfTicket is on and the company left transferMessage empty.
export const DEFAULT_TRANSFER_MESSAGE = 'Seu atendimento foi transferido para {{queue}}. Aguarde, já vamos te atender!';

const ticketNotFound = () => notFound('ERR_NO_TICKET_FOUND');
const on = (value: string) => value === 'enabled';

export const createTicketsService = ({ db, bus, clock }: Deps) => {

  const masksFor = (tenant: TenantContext, settings: CompanySettings) =>
    on(settings.lgpdHideNumber) && tenant.actor.profile === 'user';

  const viewsFor = async (tenant: TenantContext, rows: TicketRow[]) => {
    const settings = await readCompanySettings(db, tenant.companyId);
    return toTicketViews(db, rows, { maskNumbers: masksFor(tenant, settings) });
  };

  // Events reach many users; with lgpdHideNumber on they carry masked numbers for everyone.
  const publishTicket = async (row: TicketRow) => {
    const settings = await readCompanySettings(db, row.companyId);
    const [ticket] = await toTicketViews(db, [row], { maskNumbers: on(settings.lgpdHideNumber) });
    bus.publish({ companyId: row.companyId, event: 'ticket', payload: { action: 'update', ticket }, audience: { ticket: row } });
    return ticket;
  };

  const publishMessage = async (row: TicketRow, message: MessageRow, action: 'create' | 'update' = 'create') => {
    const ticket = await publishTicket(row);
    const view: MessageView = await toMessageView(db, message);
    bus.publish({
      companyId: row.companyId,
      event: 'appMessage',
      payload: { action, message: view, ticket, contact: ticket.contact },
      audience: { ticket: row },
    });
  };

  const visibleTicket = async (tenant: TenantContext, row: TicketRow | undefined) => {
    if (!row || !canSeeTicket(tenant.actor, row)) throw ticketNotFound();
    return row;
  };

  const conflictWith = async (tx: DbOrTx, holder: TicketRow): Promise<AppError> => {
    const [user] = holder.userId
      ? await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, holder.userId))
      : [];
    const [queue] = holder.queueId
      ? await tx.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(eq(queues.id, holder.queueId))
      : [];
    const conflict: TicketConflict = { id: holder.id, uuid: holder.uuid, userId: holder.userId, user: user ?? null, queue: queue ?? null };
    return new AppError('ERR_OTHER_OPEN_TICKET', 409, { error: JSON.stringify(conflict), code: 'ERR_OTHER_OPEN_TICKET' });
  };

  const queueExists = async (tx: DbOrTx, companyId: number, queueId: number) =>
    (await tx.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)))).length > 0;

  const companyHasQueues = async (tx: DbOrTx, companyId: number) =>
    ((await tx.select({ value: count() }).from(queues).where(eq(queues.companyId, companyId)))[0]?.value ?? 0) > 0;

  const log = (tx: DbOrTx, row: TicketRow, type: TicketLogType, userId: number | null, queueId = row.queueId) =>
    writeTicketLog(tx, { companyId: row.companyId, ticketId: row.id, type, userId, queueId });

  const contactName = async (tx: DbOrTx, contactId: number) =>
    (await tx.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, contactId)))[0]?.name ?? '';

  const liveStatusFor = (row: TicketRow): 'group' | 'open' => (row.isGroup ? 'group' : 'open');

  type Outcome = TicketOutcome;

  const publishOutcome = async (outcome: Outcome) => {
    if (outcome.closedBefore) await publishTicket(outcome.closedBefore);
    if (outcome.messages.length === 0) await publishTicket(outcome.row);
    for (const message of outcome.messages) await publishMessage(outcome.row, message);
  };

  // The countdowns that follow a ticket's status: inactivity while open, redirect while waiting;
  // a rotation's countdown ends once someone handles the ticket by hand.
  const keepCountdowns = async (tx: DbOrTx, row: TicketRow) => {
    await touchInactivity(tx, row, clock.now());
    await startRedirectCountdown(tx, row, clock.now());
    await stopRotationCountdown(tx, row.id);
  };

  // sendFarewellWaitingTicket: closing a waiting ticket sends the connection's completion message.
  const farewellToWaiting = async (tx: DbOrTx, row: TicketRow, settings: CompanySettings): Promise<Outcome> => {
    if (!on(settings.sendFarewellWaitingTicket) || row.whatsappId === null || row.isGroup) return { row, messages: [] };
    const [connection] = await tx
      .select({ complationMessage: connections.complationMessage })
      .from(connections)
      .where(eq(connections.id, row.whatsappId));
    if (!connection?.complationMessage.trim()) return { row, messages: [] };
    const sent = await writeAutomaticMessage(tx, row, connection.complationMessage, clock.now());
    return { row: sent.ticket, messages: [sent.message] };
  };

  // Sends the accept greeting once (01-core §4 Greeting on accept).
  const greetOnAccept = async (tx: DbOrTx, row: TicketRow, settings: CompanySettings, actorId: number): Promise<Outcome> => {
    const template = settings.greetingAcceptedMessage.trim();
    if (!on(settings.sendGreetingAccepted) || !template || row.greetingSentAt) return { row, messages: [] };
    if (row.isGroup) {
      const [connection] = row.whatsappId
        ? await tx.select({ groupAsTicket: connections.groupAsTicket }).from(connections).where(eq(connections.id, row.whatsappId))
        : [];
      if (connection?.groupAsTicket !== 'enabled') return { row, messages: [] };
    }
    const body = renderPlaceholders(template, { name: await contactName(tx, row.contactId), protocol: String(row.id), now: clock.now() });
    const sent = await writeOutboundMessage(tx, row, { body, userId: actorId, isPrivate: false });
    const marked = await repo.updateTicket(tx, row.companyId, row.id, { greetingSentAt: new Date() });
    return { row: marked ?? sent.ticket, messages: [sent.message] };
  };

  const transition = async (tenant: TenantContext, current: TicketRow, body: TicketUpdateBody): Promise<Outcome> => {
    const me = tenant.userId;
    const kind = decideTransition(current, body, me);
    if (!kind) throw new AppError('ERR_INVALID_TRANSITION', 400);
    const settings = await readCompanySettings(db, tenant.companyId);
    const isAdmin = tenant.actor.profile === 'admin';
    const extra = {
      ...(body.useIntegration !== undefined && { useIntegration: body.useIntegration }),
      ...(body.amountUsedBotQueues !== undefined && { amountUsedBotQueues: body.amountUsedBotQueues }),
    };

    return db.transaction(async (tx) => {
      const guarded = async (values: Partial<TicketRow>) => {
        const updated = await repo.updateTicketFrom(tx, tenant.companyId, current, { ...extra, ...values });
        if (updated) return updated;
        // someone else moved the ticket first
        const now = await repo.findTicket(tx, tenant.companyId, current.id);
        if (now && now.userId !== null && now.userId !== me) throw await conflictWith(tx, now);
        throw new AppError('ERR_INVALID_TRANSITION', 409);
      };
      const queueFor = async () => {
        const queueId = body.queueId ?? current.queueId;
        if (queueId !== null && !(await queueExists(tx, tenant.companyId, queueId))) throw notFound('ERR_NOT_FOUND');
        if (queueId === null && (await companyHasQueues(tx, tenant.companyId))) throw new AppError('ERR_QUEUE_REQUIRED', 400);
        return queueId;
      };

      switch (kind) {
        case 'accept': {
          if (current.userId !== null && current.userId !== me) throw await conflictWith(tx, current);
          const queueId = await queueFor();
          let row = await guarded({ status: liveStatusFor(current), userId: me, queueId, isTransfered: false });
          await log(tx, row, 'open', me);
          const greeted = await greetOnAccept(tx, row, settings, me);
          row = greeted.row;
          await keepCountdowns(tx, row);
          return { row, messages: greeted.messages };
        }
        case 'reopen': {
          const queueId = await queueFor();
          try {
            const row = await tx.transaction(async (inner) => {
              const updated = await repo.updateTicketFrom(inner, tenant.companyId, current, {
                ...extra,
                status: liveStatusFor(current),
                userId: me,
                queueId,
                closedAt: null,
              });
              if (!updated) throw new AppError('ERR_INVALID_TRANSITION', 409);
              return updated;
            });
            await log(tx, row, 'reopen', me);
            await keepCountdowns(tx, row);
            return { row, messages: [] };
          } catch (error) {
            if (!isUniqueViolation(error, 'tickets_one_live_per_contact_key')) throw error;
            const holder = await repo.findLiveTicket(tx, tenant.companyId, current.contactId, current.whatsappId);
            throw holder ? await conflictWith(tx, holder) : error;
          }
        }
        case 'return': {
          if (current.userId !== me && !isAdmin) throw forbidden();
          const row = await guarded({ status: 'pending', userId: null });
          await log(tx, row, 'pending', me);
          await keepCountdowns(tx, row);
          return { row, messages: [] };
        }
        case 'resolve': {
          if (current.userId !== me && !isAdmin && !on(tenant.actor.allUserChat)) throw forbidden();
          if (on(settings.requiredTag)) {
            const [tagged] = await tx.select({ value: count() }).from(contactTags).where(eq(contactTags.contactId, current.contactId));
            if ((tagged?.value ?? 0) === 0) throw new AppError('ERR_REQUIRED_TAG', 400);
          }
          // with ratings on, the ticket first waits for the customer's rating (status nps)
          const rating = await ratingConnectionFor(tx, current, settings);
          let row = await guarded(
            rating
              ? { status: 'nps', amountUsedBotQueues: 0, amountUsedBotQueuesNPS: 0 }
              : { status: 'closed', closedAt: clock.now(), amountUsedBotQueues: 0 },
          );
          if (!rating) await log(tx, row, 'closed', me);
          await cancelTicketTimers(tx, row.id, allTicketTimerKinds);
          const messages: MessageRow[] = [];
          if (body.sendFarewellMessage) {
            const [owner] = await tx.select({ farewell: users.farewellMessage }).from(users).where(eq(users.id, me));
            const [connection] = row.whatsappId
              ? await tx.select({ completion: connections.complationMessage }).from(connections).where(eq(connections.id, row.whatsappId))
              : [];
            // the attendant's own farewell, else the connection's completion message, which a
            // rated ticket sends after the answer instead
            const farewell = owner?.farewell.trim() || (rating ? '' : (connection?.completion.trim() ?? ''));
            if (farewell) {
              const text = renderPlaceholders(farewell, {
                name: await contactName(tx, row.contactId),
                protocol: String(row.id),
                now: clock.now(),
              });
              const sent = await writeOutboundMessage(tx, row, { body: text, userId: me, isPrivate: false });
              row = sent.ticket;
              messages.push(sent.message);
            }
          }
          if (rating) {
            const asked = await askForRating(tx, row, rating, clock.now());
            row = asked.ticket;
            messages.push(asked.message);
          }
          return { row, messages };
        }
        case 'ignore': {
          if (!can(tenant.actor, 'tickets:ignorePending')) throw forbidden();
          const row = await guarded({ status: 'closed', closedAt: clock.now(), amountUsedBotQueues: 0 });
          await log(tx, row, 'closed', me);
          await cancelTicketTimers(tx, row.id, allTicketTimerKinds);
          return current.status === 'pending' ? farewellToWaiting(tx, row, settings) : { row, messages: [] };
        }
        case 'transfer': {
          if (body.queueId === undefined || body.queueId === null) throw new AppError('ERR_QUEUE_REQUIRED', 400);
          if (!(await queueExists(tx, tenant.companyId, body.queueId))) throw notFound('ERR_NOT_FOUND');
          const targetUserId = body.userId ?? null;
          if (targetUserId !== null) {
            const [target] = await tx
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.companyId, tenant.companyId), eq(users.id, targetUserId)));
            if (!target) throw notFound('ERR_NO_USER_FOUND');
          }
          const status = targetUserId === null ? 'pending' : liveStatusFor(current);
          // closeTicketOnTransfer: moving to another queue closes this ticket and opens a new one there
          const closesOld = on(settings.closeTicketOnTransfer) && current.queueId !== null && body.queueId !== current.queueId;
          let row: TicketRow;
          let closedBefore: TicketRow | undefined;
          if (closesOld) {
            closedBefore = await guarded({ status: 'closed', closedAt: clock.now(), amountUsedBotQueues: 0 });
            await log(tx, closedBefore, 'transfered', me, current.queueId);
            await log(tx, closedBefore, 'closed', me, current.queueId);
            await cancelTicketTimers(tx, closedBefore.id, allTicketTimerKinds);
            row = await repo.insertTicket(tx, {
              companyId: current.companyId,
              contactId: current.contactId,
              whatsappId: current.whatsappId,
              channel: current.channel,
              isGroup: current.isGroup,
              queueId: body.queueId,
              userId: targetUserId,
              status,
              isTransfered: true,
              lastMessage: current.lastMessage,
            });
            await log(tx, row, 'create', me, body.queueId);
          } else {
            row = await guarded({ status, userId: targetUserId, queueId: body.queueId, isTransfered: true });
            await log(tx, row, 'transfered', me, current.queueId);
          }
          await log(tx, row, 'receivedTransfer', targetUserId, body.queueId);
          const messages: MessageRow[] = [];
          const note = body.msgTransfer?.trim();
          if (note) {
            const sent = await writeOutboundMessage(tx, row, { body: note, userId: me, isPrivate: true });
            row = sent.ticket;
            messages.push(sent.message);
          }
          if (on(settings.sendMsgTransfTicket) && !row.isGroup) {
            const [queue] = await tx.select({ name: queues.name }).from(queues).where(eq(queues.id, body.queueId));
            const [user] = targetUserId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, targetUserId)) : [];
            const template = settings.transferMessage.trim() || DEFAULT_TRANSFER_MESSAGE;
            const sent = await writeAutomaticMessage(tx, row, template, clock.now(), { queue: queue?.name ?? '', user: user?.name ?? '' });
            row = sent.ticket;
            messages.push(sent.message);
          }
          await keepCountdowns(tx, row);
          return { row, messages, closedBefore };
        }
        case 'changeQueue': {
          const queueId = await queueFor();
          const row = await guarded({ queueId });
          if (queueId !== current.queueId) {
            await log(tx, row, 'queue', me);
            await keepCountdowns(tx, row);
          }
          return { row, messages: [] };
        }
        case 'settings':
          return { row: await guarded({}), messages: [] };
      }
    });
  };

  return {
    canJoin: async (tenant: TenantContext, ticketId: number) => {
      const row = await repo.findTicket(db, tenant.companyId, ticketId);
      return Boolean(row && canSeeTicket(tenant.actor, row));
    },

    visibleTicket: async (tenant: TenantContext, ticketId: number) =>
      visibleTicket(tenant, await repo.findTicket(db, tenant.companyId, ticketId)),

    viewsFor,
    publishTicket,
    publishMessage,
    publishOutcome,

    list: async (tenant: TenantContext, query: TicketsListQuery): Promise<TicketsPage> => {
      const [page, settings] = await Promise.all([
        repo.listTickets(db, tenant.companyId, tenant.actor, query),
        readCompanySettings(db, tenant.companyId),
      ]);
      return {
        tickets: page.rows.map((row) => toTicketView(row, { maskNumbers: masksFor(tenant, settings) })),
        count: page.count,
        hasMore: page.offset + page.rows.length < page.count,
      };
    },

    show: async (tenant: TenantContext, ticketId: number): Promise<TicketView> => {
      const row = await visibleTicket(tenant, await repo.findTicket(db, tenant.companyId, ticketId));
      return (await viewsFor(tenant, [row]))[0];
    },

    showByUuid: async (tenant: TenantContext, uuid: string): Promise<TicketView> => {
      const row = await visibleTicket(tenant, await repo.findTicketByUuid(db, tenant.companyId, uuid));
      await writeTicketLog(db, { companyId: row.companyId, ticketId: row.id, type: 'access', userId: tenant.userId, queueId: row.queueId });
      return (await viewsFor(tenant, [row]))[0];
    },

    create: async (tenant: TenantContext, body: TicketCreateBody): Promise<TicketView> => {
      const row = await db.transaction(async (tx) => {
        const [contact] = await tx
          .select({ id: contacts.id, isGroup: contacts.isGroup, channel: contacts.channel })
          .from(contacts)
          .where(and(eq(contacts.companyId, tenant.companyId), eq(contacts.id, body.contactId)));
        if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
        const queueId = body.queueId ?? null;
        if (queueId !== null && !(await queueExists(tx, tenant.companyId, queueId))) throw notFound('ERR_NOT_FOUND');
        let whatsappId = body.whatsappId ?? null;
        if (whatsappId !== null) {
          const [connection] = await tx
            .select({ id: connections.id })
            .from(connections)
            .where(and(eq(connections.companyId, tenant.companyId), eq(connections.id, whatsappId)));
          if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
        } else {
          const [fallback] = await tx
            .select({ id: connections.id })
            .from(connections)
            .where(and(eq(connections.companyId, tenant.companyId), eq(connections.isDefault, true)))
            .limit(1);
          whatsappId = fallback?.id ?? null;
        }
        const [channel] = whatsappId
          ? await tx.select({ channel: connections.channel }).from(connections).where(eq(connections.id, whatsappId))
          : [];
        try {
          const created = await tx.transaction((inner) =>
            repo.insertTicket(inner, {
              companyId: tenant.companyId,
              contactId: contact.id,
              whatsappId,
              queueId,
              userId: tenant.userId,
              status: contact.isGroup ? 'group' : 'open',
              isGroup: contact.isGroup,
              channel: channel?.channel ?? contact.channel,
            }),
          );
          await log(tx, created, 'create', tenant.userId);
          await keepCountdowns(tx, created);
          return created;
        } catch (error) {
          if (!isUniqueViolation(error, 'tickets_one_live_per_contact_key')) throw error;
          const holder = await repo.findLiveTicket(tx, tenant.companyId, contact.id, whatsappId);
          throw holder ? await conflictWith(tx, holder) : error;
        }
      });
      await publishTicket(row);
      return (await viewsFor(tenant, [row]))[0];
    },

    update: async (tenant: TenantContext, ticketId: number, body: TicketUpdateBody): Promise<TicketView> => {
      const current = await visibleTicket(tenant, await repo.findTicket(db, tenant.companyId, ticketId));
      const outcome = await transition(tenant, current, body);
      await publishOutcome(outcome);
      return (await viewsFor(tenant, [outcome.row]))[0];
    },

    remove: async (tenant: TenantContext, ticketId: number) => {
      const row = await visibleTicket(tenant, await repo.findTicket(db, tenant.companyId, ticketId));
      if (row.status === 'closed') throw new AppError('ERR_DELETE_CLOSED_TICKET', 400);
      const deleted = await db.transaction(async (tx) => {
        if (!(await repo.deleteTicket(tx, tenant.companyId, ticketId))) return false;
        await cancelTicketTimers(tx, ticketId, allTicketTimerKinds);
        return true;
      });
      if (!deleted) throw ticketNotFound();
      bus.publish({ companyId: tenant.companyId, event: 'ticket', payload: { action: 'delete', ticketId }, audience: { ticket: row } });
    },

    closeAll: async (tenant: TenantContext, status: 'open' | 'pending', queueIds: number[]) => {
      const settings = await readCompanySettings(db, tenant.companyId);
      const closed = await db.transaction(async (tx) => {
        const candidates = await repo.liveTicketsToClose(tx, tenant.companyId, status, queueIds);
        const done: Outcome[] = [];
        for (const candidate of candidates) {
          const row = await repo.updateTicketFrom(tx, tenant.companyId, candidate, {
            status: 'closed',
            closedAt: clock.now(),
            amountUsedBotQueues: 0,
          });
          if (!row) continue;
          await log(tx, row, 'closed', tenant.userId);
          await cancelTicketTimers(tx, row.id, allTicketTimerKinds);
          done.push(candidate.status === 'pending' ? await farewellToWaiting(tx, row, settings) : { row, messages: [] });
        }
        return done;
      });
      for (const outcome of closed) await publishOutcome(outcome);
      return { closed: closed.length };
    },

    logs: async (tenant: TenantContext, ticketId: number) => {
      await visibleTicket(tenant, await repo.findTicket(db, tenant.companyId, ticketId));
      return listTicketLogs(db, tenant.companyId, ticketId);
    },
  };
};

export type TicketsService = ReturnType<typeof createTicketsService>;
