// Every channel's inbound messages end here: find or create the contact, find the live ticket or
// open a pending one, store the message once per (connection, provider id), bump unread and last
// message, let the conversation flow (modules/chatbot) answer in the same transaction, then publish
// after commit. Answers only after the message is durably stored. A blocked contact's messages
// open, reopen and answer nothing (docs/tickets.md "Blocked contacts").
import { lastMessageOf } from '@atende/shared/messages';
import type { Db, Tx } from '../db/client.ts';
import { notFound } from '../platform/errors.ts';
import type { Metrics } from '../platform/operations/metrics.ts';
import type { InboundAutomationService } from '../modules/chatbot/inbound-automation.service.ts';
import type { ConversationFlow } from '../modules/chatbot/chatbot.service.ts';
import { confirmCampaignReplies } from '../modules/campaigns/campaigns.jobs.ts';
import { findConnectionUnlessKnown, type ConnectionRow } from '../modules/connections/connections.repo.ts';
import { raiseAckAndTell, raiseAckSentUntilAndTell, updateMessageAndTell } from '../modules/messages/message-updates.service.ts';
import { recordMessageEvent } from '../modules/messages/message-webhooks.steps.ts';
import * as messagesRepo from '../modules/messages/messages.repo.ts';
import type { InboundArrival, MessageRow } from '../modules/messages/messages.repo.ts';
import { sightContact } from '../modules/contacts/contact-sightings.steps.ts';
import { findOrOpenLiveTicket, openLiveTickets } from '../modules/tickets/live-ticket.service.ts';
import { recordTicketEvent } from '../modules/tickets/ticket-webhooks.steps.ts';
import * as ticketsRepo from '../modules/tickets/tickets.repo.ts';
import type { TicketRow } from '../modules/tickets/tickets.repo.ts';
import type { TicketsService } from '../modules/tickets/tickets.service.ts';
import type { InboundAck, InboundChange, InboundFailure, InboundMessage } from './provider.ts';
import { createGroupCommit } from '../platform/group-commit.ts';
import { contactNumberOf, readInboundBatch, sightingOf, type Delivery, type InboundBatchReads } from './inbound-batch.ts';

// blocked: the sender is a blocked contact, so nothing answered the message; it is stored on the
// contact's live ticket, or dropped (DroppedInbound) when there is none.
export type StoredInbound = { messageId: number; ticketId: number; contactId: number | null; duplicate: boolean; blocked: boolean };
export type DroppedInbound = { messageId: null; ticketId: null; contactId: number; duplicate: false; blocked: true };
export type InboundResult = StoredInbound | DroppedInbound;

const ticketMoved = (before: TicketRow, after: TicketRow) =>
  before.status !== after.status || before.queueId !== after.queueId || before.userId !== after.userId;

// PostgreSQL text cannot hold NUL; a customer's message is kept without it rather than refused.
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

// Concurrent deliveries share a transaction (platform/group-commit.ts): one commit for many
// messages. A contact's messages share a key, so its ticket gets them in arrival order, and a
// round of a batch holds at most one message of each contact, so at most one of each ticket.
const GROUP_COMMIT = { maxBatch: 64, windowMs: 2 };
const contactOf = ({ message }: Delivery) => `${message.companyId}:${contactNumberOf(message)}`;

export const createInboundPipeline = (deps: {
  db: Db;
  tickets: TicketsService;
  automation: InboundAutomationService;
  flow: ConversationFlow;
  metrics: Pick<Metrics, 'countInbound'>;
  // parallel transactions of the group commit: one per connection the database can give
  lanes: number;
}) => {
  // Up to the message's ticket: its connection, whether it is stored already, its contact, and its
  // live ticket, found or reopened, or (`found` undefined) to be opened with the round's others.
  // batch: what the group commit's batch read ahead for its messages (channels/inbound-batch.ts)
  const prepare = async (tx: Tx, { message, known }: Delivery, batch: InboundBatchReads | undefined) => {
    const connection = await findConnectionUnlessKnown(tx, message.companyId, message.connectionId, known);
    if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
    const readAhead = batch?.storedMessage(message.companyId, message.connectionId, message.providerMessageId);
    const already = readAhead === undefined ? await messagesRepo.findByProviderId(tx, message.companyId, message.connectionId, message.providerMessageId) : readAhead;
    if (already) return { duplicate: true as const, ignored: false as const, message: already };
    const sighting = sightingOf(message, connection);
    const contact = batch?.contact(message.companyId, sighting.number) ?? (await sightContact(tx, message.companyId, sighting));
    const live = batch?.liveTicket(message.companyId, contact.id, message.connectionId);
    // the company's own messages (from its phone, or history) are not the blocked contact's doing
    const blocked = !contact.active && !message.fromMe && !message.fromHistory;
    if (blocked) {
      const held = live ? live.ticket : await ticketsRepo.findLiveTicket(tx, message.companyId, contact.id, message.connectionId);
      if (!held) return { duplicate: false as const, ignored: true as const, contact };
      const target = { companyId: message.companyId, contact, whatsappId: message.connectionId, channel: connection.channel };
      const opening = { status: 'pending' as const };
      return { duplicate: false as const, ignored: false as const, blocked, message, connection, contact, target, opening, found: { ticket: held, opened: false } };
    }
    const reopened = message.fromHistory ? undefined : await deps.flow.reopenRecent(tx, contact, message.connectionId, connection, live);
    const target = { companyId: message.companyId, contact, whatsappId: message.connectionId, channel: connection.channel };
    const opening = { status: contact.isGroup ? ('group' as const) : ('pending' as const) };
    const found = reopened
      ? { ticket: reopened, opened: false }
      : live && !live.ticket
        ? undefined
        : await findOrOpenLiveTicket(tx, target, opening, live);
    return { duplicate: false as const, ignored: false as const, blocked, message, connection, contact, target, opening, found };
  };

  // The message's row as it will be written, once its ticket is known.
  const arrivalOf = async (tx: Tx, { message, contact }: Prepared, ticket: TicketRow): Promise<InboundArrival> => {
    const quoted = message.quotedProviderMessageId
      ? await messagesRepo.findByProviderId(tx, message.companyId, message.connectionId, message.quotedProviderMessageId)
      : undefined;
    const body = message.body;
    const fromMe = message.fromMe ?? false;
    const seen = fromMe || message.fromHistory !== undefined;
    const mediaType = message.mediaType ?? 'chat';
    return {
      companyId: message.companyId,
      ticketId: ticket.id,
      contactId: contact.id,
      whatsappId: message.connectionId,
      queueId: ticket.queueId,
      providerMessageId: message.providerMessageId,
      body,
      fromMe,
      read: seen,
      mediaType,
      mediaUrl: message.mediaUrl ?? null,
      vCard: message.vCard ?? null,
      quotedMsgId: quoted?.id ?? null,
      participant: message.participant ?? null,
      ack: fromMe ? 1 : 0,
      // jsonb refuses NUL as text does: one mail's stray byte must not fail its round
      dataJsonText: message.dataJson ? JSON.stringify(message.dataJson, (_key, value: unknown) => (typeof value === 'string' ? withoutNul(value) : value)) : null,
      lastMessage: lastMessageOf({ body, mediaType }),
      unreadIncrement: seen ? 0 : 1,
      sentAt: message.fromHistory?.sentAt.toISOString() ?? null,
    };
  };

  type Prepared = Extract<Awaited<ReturnType<typeof prepare>>, { duplicate: false; ignored: false }>;
  type Duplicate = Extract<Awaited<ReturnType<typeof prepare>>, { duplicate: true }>;
  type Ignored = Extract<Awaited<ReturnType<typeof prepare>>, { ignored: true }>;

  // After the message's row: campaign confirmations, the automatic answers and the bot.
  const answer = async (
    tx: Tx,
    { message, connection, contact, blocked }: Prepared,
    inLane: boolean | undefined,
    written: { message: MessageRow; ticket: TicketRow },
    batch: InboundBatchReads | undefined,
  ) => {
    const { message: stored, ticket: bumped } = written;
    const unanswered = { duplicate: false as const, ignored: false as const, blocked, channel: connection.channel, message: stored, ticket: bumped, flowed: undefined };
    if (message.fromHistory || blocked) return { ...unanswered, afterCommit: async () => undefined };
    // a customer's message answers the campaign confirmations it was asked (02-operations §3 Campaign)
    const asked = !stored.fromMe && !contact.isGroup && batch?.awaitsConfirmation(message.companyId, contact.id) !== false;
    if (asked) await confirmCampaignReplies(tx, message.companyId, contact.id, stored.createdAt);
    // ratings and the other automatic answers first (a rating answer is not a conversation), then
    // the bot, in this transaction, so a retried webhook can never run either twice
    const automatic = await deps.automation.onInbound(tx, { ticket: bumped, message: stored, contact, connection, inLane });
    const flowed = automatic.handled
      ? undefined
      : await deps.flow.run(tx, { ticket: automatic.ticket, contact, message: stored, connection, queuesInMenuOrder: batch?.queuesInMenuOrder });
    // the bot moved the ticket (a queue chosen, handed to an attendant, closed): ticket.updated or .closed
    if (flowed && ticketMoved(automatic.ticket, flowed.ticket)) await recordTicketEvent(tx, 'changed', flowed.ticket);
    return {
      duplicate: false as const,
      ignored: false as const,
      blocked,
      channel: connection.channel,
      message: stored,
      ticket: flowed?.ticket ?? automatic.ticket,
      flowed,
      afterCommit: automatic.afterCommit,
    };
  };

  // Everything of a round of inbound messages (one per contact) that must be stored together, in
  // the caller's transaction: the tickets it opens, and the messages' rows with their tickets'
  // bumps, are one statement each for the whole round.
  const store = async (tx: Tx, round: Delivery[], batch: InboundBatchReads | undefined) => {
    const prepared: (Prepared | Duplicate | Ignored)[] = [];
    for (const delivery of round) prepared.push(await prepare(tx, delivery, batch));
    const arriving = prepared.filter((unit): unit is Prepared => !unit.duplicate && !unit.ignored);
    const unopened = arriving.filter((unit) => !unit.found);
    const opened = await openLiveTickets(tx, unopened.map(({ target, opening }) => ({ target, opening })));
    const found = arriving.map((unit) => unit.found ?? { ticket: opened[unopened.indexOf(unit)], opened: true });
    const arrivals: InboundArrival[] = [];
    for (const [index, unit] of arriving.entries()) arrivals.push(await arrivalOf(tx, unit, found[index].ticket));
    const rows = arrivals.length > 0 ? await messagesRepo.insertInboundMessages(tx, arrivals) : [];
    const outcomes: (Duplicate | Ignored | Awaited<ReturnType<typeof answer>>)[] = [];
    let next = 0;
    for (const unit of prepared) {
      if (unit.duplicate || unit.ignored) {
        outcomes.push(unit);
        continue;
      }
      const { ticket, opened: isNew } = found[next];
      const row = rows[next];
      next += 1;
      if (row) {
        await recordMessageEvent(tx, 'message.created', row.message);
        // a ticket opened just now has no lane yet
        const inLane = isNew ? false : batch?.inLane(unit.message.companyId, ticket.id);
        outcomes.push(await answer(tx, unit, inLane, row, batch));
        continue;
      }
      const { message } = unit;
      const racing = await messagesRepo.findByProviderId(tx, message.companyId, message.connectionId, message.providerMessageId);
      if (!racing) throw new Error('inbound message vanished after a conflict');
      outcomes.push({ duplicate: true as const, ignored: false as const, message: racing });
    }
    return outcomes;
  };

  const groupCommit = createGroupCommit(deps.db, { ...GROUP_COMMIT, lanes: deps.lanes }, store, contactOf, readInboundBatch);

  return {
    // `known`: the connection as the caller just read it, so the message need not read it again
    receive: async (raw: InboundMessage, known?: ConnectionRow): Promise<InboundResult> => {
      const message = { ...raw, body: withoutNul(raw.body), from: { ...raw.from, name: withoutNul(raw.from.name) } };
      const outcome = await groupCommit.submit({ message, known });
      if (outcome.ignored) return { messageId: null, ticketId: null, contactId: outcome.contact.id, duplicate: false, blocked: true };
      if (!outcome.duplicate) {
        deps.metrics.countInbound(outcome.channel);
        await deps.tickets.publishMessage(outcome.ticket, outcome.message);
        if (outcome.flowed) await deps.flow.publish(outcome.flowed);
        await outcome.afterCommit();
      }
      const blocked = !outcome.duplicate && outcome.blocked;
      return { messageId: outcome.message.id, ticketId: outcome.message.ticketId, contactId: outcome.message.contactId, duplicate: outcome.duplicate, blocked };
    },

    acknowledge: async (receipt: InboundAck) => {
      const message = await messagesRepo.findByProviderId(deps.db, receipt.companyId, receipt.connectionId, receipt.providerMessageId);
      if (!message) return false;
      const raised = await raiseAckAndTell(deps.db, receipt.companyId, message.id, receipt.ack);
      if (raised) {
        const ticket = await ticketsRepo.findTicket(deps.db, receipt.companyId, raised.ticketId);
        if (ticket) await deps.tickets.publishMessage(ticket, raised, 'update');
      }
      return true;
    },

    // Receipts that name no message but a moment: everything sent to the contact until then.
    acknowledgeUntil: async (receipt: { companyId: number; connectionId: number; contactNumber: string; until: Date; ack: number }) => {
      const raised = await raiseAckSentUntilAndTell(deps.db, receipt);
      for (const message of raised) {
        const ticket = await ticketsRepo.findTicket(deps.db, receipt.companyId, message.ticketId);
        if (ticket) await deps.tickets.publishMessage(ticket, message, 'update');
      }
      return raised.length;
    },

    // The channel reported, after accepting it, that a message of ours could not be delivered.
    reportFailure: async (failure: InboundFailure) => {
      const message = await messagesRepo.findByProviderId(deps.db, failure.companyId, failure.connectionId, failure.providerMessageId);
      if (!message || !message.fromMe) return false;
      const updated = await updateMessageAndTell(deps.db, failure.companyId, message.id, { sendError: failure.code });
      const ticket = await ticketsRepo.findTicket(deps.db, failure.companyId, updated.ticketId);
      if (ticket) await deps.tickets.publishMessage(ticket, updated, 'update');
      return true;
    },

    // An edit or a revoke by the customer of a message we stored; false when we never had it.
    change: async (change: InboundChange) => {
      const message = await messagesRepo.findByProviderId(deps.db, change.companyId, change.connectionId, change.providerMessageId);
      if (!message) return false;
      const updated = await updateMessageAndTell(
        deps.db,
        change.companyId,
        message.id,
        change.kind === 'edit' ? { body: withoutNul(change.body), isEdited: true } : { isDeleted: true },
      );
      const ticket = await ticketsRepo.findTicket(deps.db, change.companyId, updated.ticketId);
      if (ticket) await deps.tickets.publishMessage(ticket, updated, 'update');
      return true;
    },
  };
};

export type InboundPipeline = ReturnType<typeof createInboundPipeline>;

declare module 'fastify' {
  interface FastifyInstance {
    // the channels' one way in; tests hand it bursts of messages in one tick
    inbound: InboundPipeline;
  }
}
