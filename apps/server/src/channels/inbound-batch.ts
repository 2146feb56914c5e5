// What a group commit's batch of inbound messages reads for all of its messages at once, before
// the first one is stored (platform/group-commit.ts readBatch): which are stored already, their
// contacts (created or seen again), those contacts' live tickets, which of those tickets sit in a
// kanban lane, and which contacts await a campaign confirmation. A few statements per company and
// batch instead of as many per message. Each value about a message, contact or ticket serves the
// first message it concerns and is then dropped: a later message of the same contact, ticket or
// provider id in the batch reads its own, since the earlier one may have changed it (opened or
// closed the ticket, moved it to a lane). A connection's queues, which no message changes, are
// read once per batch when a message's flow first asks.
import { normalizeNumber } from '@atende/shared/phone';
import type { Tx } from '../db/client.ts';
import { contactsAwaitingConfirmation } from '../modules/campaigns/campaigns.repo.ts';
import { queuesOfConnectionInMenuOrder, type ConnectionRow } from '../modules/connections/connections.repo.ts';
import { ticketsInLanes } from '../modules/kanban/kanban.repo.ts';
import type { QueueRow } from '../modules/queues/queues.repo.ts';
import { sightContacts } from '../modules/contacts/contact-sightings.steps.ts';
import type { ContactRow, ContactSighting } from '../modules/contacts/contacts.repo.ts';
import { findByProviderIds, type MessageRow } from '../modules/messages/messages.repo.ts';
import type { KnownLiveTicket } from '../modules/tickets/live-ticket.service.ts';
import { findLiveTicketsOfContacts } from '../modules/tickets/tickets.repo.ts';
import type { InboundMessage } from './provider.ts';

export type Delivery = { message: InboundMessage; known?: ConnectionRow };

// The number of the contact a message comes from, as the contacts table keeps it (a group keeps
// its id as sent): one contact however the channel spelled it.
// a group's id is kept as it is, an email contact's address in lower case (issue 41 point 2), and
// a phone number becomes its digits
export const contactNumberOf = (message: InboundMessage) => {
  if (message.from.isGroup) return message.from.number;
  return message.from.number.includes('@') ? message.from.number.trim().toLowerCase() : normalizeNumber(message.from.number);
};

export const sightingOf = (message: InboundMessage, connection: ConnectionRow): ContactSighting => ({
  number: contactNumberOf(message),
  name: message.from.name,
  channel: connection.channel,
  isGroup: message.from.isGroup ?? false,
  whatsappId: message.connectionId,
  lid: message.from.lid ?? null,
});

const storedKey = (companyId: number, connectionId: number, providerMessageId: string) => `${companyId}:${connectionId}:${providerMessageId}`;
const contactKey = (companyId: number, number: string) => `${companyId}:${number}`;
const liveKey = (companyId: number, contactId: number, connectionId: number | null) => `${companyId}:${contactId}:${connectionId ?? 0}`;

const taken = <V>(values: Map<string, V>, key: string) => {
  if (!values.has(key)) return undefined;
  const value = values.get(key) as V;
  values.delete(key);
  return { value };
};

const groupedBy = <T>(items: T[], keyOf: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
};

// Only deliveries whose connection the caller handed over are read ahead; the rest read their own.
export const readInboundBatch = async (tx: Tx, deliveries: Delivery[]) => {
  const known = deliveries.flatMap(({ message, known }) =>
    known && known.id === message.connectionId && known.companyId === message.companyId ? [{ message, connection: known }] : [],
  );
  // value undefined: read, and not stored
  const stored = new Map<string, MessageRow | undefined>();
  const contacts = new Map<string, ContactRow>();
  const live = new Map<string, KnownLiveTicket>();
  const inLane = new Map<string, boolean>();
  const awaiting = new Map<string, boolean>();
  const queues = new Map<number, Promise<QueueRow[]>>();

  for (const group of groupedBy(known, ({ message }) => `${message.companyId}:${message.connectionId}`)) {
    const { companyId, connectionId } = group[0].message;
    const ids = [...new Set(group.map(({ message }) => message.providerMessageId))];
    for (const id of ids) stored.set(storedKey(companyId, connectionId, id), undefined);
    for (const row of await findByProviderIds(tx, companyId, connectionId, ids)) stored.set(storedKey(companyId, connectionId, row.providerMessageId ?? ''), row);
  }

  const fresh = known.filter(({ message }) => stored.get(storedKey(message.companyId, message.connectionId, message.providerMessageId)) === undefined);
  for (const group of groupedBy(fresh, ({ message }) => String(message.companyId))) {
    const { companyId } = group[0].message;
    const sightings = new Map<string, ContactSighting>();
    for (const { message, connection } of group) {
      const sighting = sightingOf(message, connection);
      const first = sightings.get(sighting.number);
      // as one message after another would: the first creates the contact, a later lid fills a missing one
      if (!first) sightings.set(sighting.number, sighting);
      else if (first.lid === null) first.lid = sighting.lid;
    }
    const ordered = [...sightings.values()].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
    const rows = await sightContacts(tx, companyId, ordered);
    for (const row of rows) contacts.set(contactKey(companyId, row.number), row);
    const tickets = await findLiveTicketsOfContacts(tx, companyId, rows.map((row) => row.id));
    for (const { message, connection } of group) {
      const contact = contacts.get(contactKey(companyId, sightingOf(message, connection).number));
      if (contact) live.set(liveKey(companyId, contact.id, message.connectionId), { ticket: undefined });
    }
    for (const ticket of tickets) {
      const key = liveKey(companyId, ticket.contactId, ticket.whatsappId);
      if (live.has(key)) live.set(key, { ticket });
    }
    const laned = new Set(await ticketsInLanes(tx, companyId, tickets.map((ticket) => ticket.id)));
    for (const ticket of tickets) inLane.set(`${companyId}:${ticket.id}`, laned.has(ticket.id));
    const people = rows.filter((row) => !row.isGroup).map((row) => row.id);
    const asked = new Set(await contactsAwaitingConfirmation(tx, companyId, people));
    for (const contactId of people) awaiting.set(`${companyId}:${contactId}`, asked.has(contactId));
  }

  return {
    // null: not stored when the batch began; undefined: not read ahead
    storedMessage: (companyId: number, connectionId: number, providerMessageId: string): MessageRow | null | undefined => {
      const key = storedKey(companyId, connectionId, providerMessageId);
      const row = stored.get(key);
      if (row) return row;
      return taken(stored, key) ? null : undefined;
    },
    contact: (companyId: number, number: string) => taken(contacts, contactKey(companyId, number))?.value,
    liveTicket: (companyId: number, contactId: number, connectionId: number) => taken(live, liveKey(companyId, contactId, connectionId))?.value,
    // whether the ticket sits in a kanban lane; undefined: not read ahead
    inLane: (companyId: number, ticketId: number) => taken(inLane, `${companyId}:${ticketId}`)?.value,
    // whether the contact awaits a campaign confirmation; undefined: not read ahead. Not dropped:
    // a message's confirmation changes it only to false, and asking again then finds nothing.
    awaitsConfirmation: (companyId: number, contactId: number) => awaiting.get(`${companyId}:${contactId}`),
    queuesInMenuOrder: (connection: ConnectionRow) => {
      const read = queues.get(connection.id) ?? queuesOfConnectionInMenuOrder(tx, connection.companyId, connection.id);
      queues.set(connection.id, read);
      return read;
    },
  };
};

export type InboundBatchReads = Awaited<ReturnType<typeof readInboundBatch>>;
