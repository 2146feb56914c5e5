import { and, count, desc, eq, gte, inArray, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts, messages, tickets } from '../../db/schema.ts';
import { arrayColumnsOf, columnArrays, columnNames, columnsOf, preparedSql, preparedStatement, unnestRows, type ArrayColumn } from '../../db/prepared-statement.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

export const insertMessage = async (db: DbOrTx, values: NewMessage) => {
  const [row] = await db.insert(messages).values(values).returning();
  return row;
};

// The columns an inbound message's row is written with.
const INBOUND_COLUMNS = [
  'companyId',
  'ticketId',
  'contactId',
  'whatsappId',
  'queueId',
  'providerMessageId',
  'body',
  'fromMe',
  'read',
  'mediaType',
  'mediaUrl',
  'vCard',
  'quotedMsgId',
  'participant',
  'ack',
] as const satisfies readonly (keyof MessageRow)[];

// An inbound message's row with what it does to its ticket: the last message shown, the unread
// count; sentAt (ISO) for a message of the channel's history, whose row keeps that time, else null (now).
// dataJsonText: the row's dataJson as JSON text (a channel's own parts, e.g. an email's subject and
// threading), or null; written in the same statement as the row, so a message never lacks them.
export type InboundArrival = Pick<MessageRow, (typeof INBOUND_COLUMNS)[number]> & {
  dataJsonText: string | null;
  lastMessage: string;
  unreadIncrement: number;
  sentAt: string | null;
};

// Each value of an arrival as the statement's arrays carry it: one array per column.
const MESSAGE_VALUES = arrayColumnsOf(messages, INBOUND_COLUMNS);
const ARRIVAL_VALUES: ArrayColumn<keyof InboundArrival>[] = [
  ...MESSAGE_VALUES,
  { key: 'dataJsonText', column: 'data_json_text', type: 'text' },
  { key: 'lastMessage', column: 'last_message', type: 'text' },
  { key: 'unreadIncrement', column: 'unread_increment', type: 'integer' },
  { key: 'sentAt', column: 'sent_at', type: 'timestamptz' },
];
const MESSAGE_COLUMNS = columnNames(MESSAGE_VALUES);

// Inbound delivery is idempotent on (company, connection, provider id): a repeat stores nothing
// (the only unique key a new row can hit is messages_connection_provider_id_key). The messages of
// a group commit's round and their tickets' bumps in one statement, one round trip: rows are
// inserted in the round's order (their ids follow it), and a ticket is bumped only when its
// message was stored. A message of the channel's history becomes its ticket's last message only
// when the ticket holds none newer.
const inboundInsertAndTouch = preparedSql<{ message: MessageRow; ticket: typeof tickets.$inferSelect }>(
  'messages_insert_inbound_round',
  { message: messages, ticket: tickets },
  sql`with arrived as (
    select * from ${unnestRows('arrived', ARRIVAL_VALUES)}
  ), message as (
    insert into ${messages} (${MESSAGE_COLUMNS}, data_json, created_at)
    select ${MESSAGE_COLUMNS}, arrived.data_json_text::jsonb, coalesce(arrived.sent_at, now()) from arrived order by ord
    on conflict do nothing
    returning *
  ), ticket as (
    update ${tickets} set
      last_message = case
        when arrived.sent_at is null then arrived.last_message
        when exists (
          select 1 from ${messages} as newer
          where newer.company_id = arrived.company_id and newer.ticket_id = arrived.ticket_id and newer.created_at > arrived.sent_at
        ) then ${tickets}.last_message
        else arrived.last_message
      end,
      unread_messages = ${tickets}.unread_messages + arrived.unread_increment, updated_at = now()
    from arrived
    where ${tickets}.company_id = arrived.company_id and ${tickets}.id = arrived.ticket_id
      and exists (select 1 from message where message.ticket_id = arrived.ticket_id)
    returning ${tickets}.*
  )
  select ${columnsOf(messages, 'message')}, ${columnsOf(tickets, 'ticket')} from message join ticket on ticket.id = message.ticket_id`,
);

// Stores a round of inbound messages, at most one per ticket. Answers in the arrivals' order; an
// answer is undefined when that message was stored already (its ticket is left as it was).
export const insertInboundMessages = async (db: DbOrTx, arrivals: InboundArrival[]) => {
  if (new Set(arrivals.map((arrival) => arrival.ticketId)).size < arrivals.length) throw new Error('a round of inbound messages holds two of one ticket');
  const byTicket = new Map((await inboundInsertAndTouch(db, columnArrays(ARRIVAL_VALUES, arrivals))).map((row) => [row.message.ticketId, row]));
  return arrivals.map((arrival) => byTicket.get(arrival.ticketId));
};

export const findMessage = async (db: DbOrTx, companyId: number, messageId: number) => {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
    .limit(1);
  return row;
};

export const findMessagesByIds = (db: DbOrTx, companyId: number, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.select().from(messages).where(and(eq(messages.companyId, companyId), inArray(messages.id, ids)));

const byProviderIds = preparedStatement('messages_by_provider_ids', messages, (db) =>
  db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, sql.placeholder('companyId')),
        sql`coalesce(${messages.whatsappId}, 0) = ${sql.placeholder('connectionId')}`,
        sql`${messages.providerMessageId} = any(${sql.placeholder('providerMessageIds')}::text[])`,
      ),
    ),
);

// Those of the provider's ids that are stored already.
export const findByProviderIds = (db: DbOrTx, companyId: number, connectionId: number | null, providerMessageIds: string[]): Promise<MessageRow[]> =>
  providerMessageIds.length === 0 ? Promise.resolve([]) : byProviderIds(db, { companyId, connectionId: connectionId ?? 0, providerMessageIds });

export const findByProviderId = async (db: DbOrTx, companyId: number, connectionId: number | null, providerMessageId: string): Promise<MessageRow | undefined> =>
  (await findByProviderIds(db, companyId, connectionId, [providerMessageId]))[0];

// Newest page first; each page is returned oldest to newest for display.
export const listTicketMessages = async (db: DbOrTx, companyId: number, ticketId: number, page: { limit: number; offset: number }) => {
  const where = and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId));
  const [rows, [total]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(messages).where(where),
  ]);
  return { rows: rows.reverse(), count: total?.value ?? 0 };
};

export const updateMessage = async (db: DbOrTx, companyId: number, messageId: number, values: Partial<NewMessage>) => {
  const [row] = await db
    .update(messages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
    .returning();
  return row;
};

// Acks only move forward (a late 'sent' never undoes 'read').
export const raiseAck = async (db: DbOrTx, companyId: number, messageId: number, ack: number) => {
  const [row] = await db
    .update(messages)
    .set({ ack, updatedAt: sql`now()` })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId), lt(messages.ack, ack)))
    .returning();
  return row;
};

// Messages sent through a connection to one contact up to a moment (Messenger's read watermark,
// the web chat widget's read receipt).
export const raiseAckSentUntil = (
  db: DbOrTx,
  receipt: { companyId: number; connectionId: number; contactNumber: string; until: Date; ack: number },
) =>
  db
    .update(messages)
    .set({ ack: receipt.ack, updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.companyId, receipt.companyId),
        eq(messages.whatsappId, receipt.connectionId),
        eq(messages.fromMe, true),
        isNotNull(messages.providerMessageId),
        lt(messages.ack, receipt.ack),
        // the moment is named to the millisecond, the rows are stamped to the microsecond: a message
        // of that very millisecond is within it
        lt(messages.createdAt, new Date(receipt.until.getTime() + 1)),
        inArray(
          messages.contactId,
          db
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.companyId, receipt.companyId), eq(contacts.number, receipt.contactNumber))),
        ),
      ),
    )
    .returning();

// When the contact last wrote through a connection: the start of the service window. Read
// through the contact's tickets on that connection, whose messages are indexed by ticket.
export const lastCustomerMessageAt = async (db: DbOrTx, companyId: number, contactId: number, connectionId: number) => {
  const contactTickets = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, connectionId)));
  const [row] = await db
    .select({ at: max(messages.createdAt) })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        inArray(messages.ticketId, contactTickets),
        eq(messages.whatsappId, connectionId),
        eq(messages.fromMe, false),
      ),
    );
  return row?.at ? new Date(row.at) : null;
};

export const markTicketMessagesRead = (db: DbOrTx, companyId: number, ticketId: number) =>
  db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.read, false)));

export const countMessages = async (db: DbOrTx, companyId: number, filter: { fromMe?: boolean; dateStart?: string; dateEnd?: string }) => {
  const [row] = await db
    .select({ count: count() })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        filter.fromMe === undefined ? undefined : eq(messages.fromMe, filter.fromMe),
        filter.dateStart ? gte(messages.createdAt, new Date(`${filter.dateStart.slice(0, 10)}T00:00:00Z`)) : undefined,
        filter.dateEnd ? lt(messages.createdAt, new Date(new Date(`${filter.dateEnd.slice(0, 10)}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
      ),
    );
  return row?.count ?? 0;
};

// Reading a ticket resets its unread count; false when it had none.
export const resetUnread = async (db: DbOrTx, companyId: number, ticketId: number) => {
  const changed = await db
    .update(tickets)
    .set({ unreadMessages: 0 })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId), sql`${tickets.unreadMessages} > 0`))
    .returning({ id: tickets.id });
  return changed.length > 0;
};

const ticketTouch = preparedStatement('tickets_touch_with_message', tickets, (db) =>
  db
    .update(tickets)
    .set({
      lastMessage: sql`${sql.placeholder('lastMessage')}`,
      unreadMessages: sql`${tickets.unreadMessages} + ${sql.placeholder('unreadIncrement')}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tickets.companyId, sql.placeholder('companyId')), eq(tickets.id, sql.placeholder('ticketId'))))
    .returning(),
);

export const touchTicketWithMessage = (db: DbOrTx, companyId: number, ticketId: number, change: { lastMessage: string; unreadIncrement: number }) =>
  ticketTouch(db, { companyId, ticketId, ...change });


// What went out through one connection, newest first (the sandbox's record of its sends).
export const listSentThrough = (db: DbOrTx, companyId: number, connectionId: number, limit: number) =>
  db
    .select({
      id: messages.id,
      ticketId: messages.ticketId,
      providerMessageId: messages.providerMessageId,
      body: messages.body,
      mediaType: messages.mediaType,
      ack: messages.ack,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.whatsappId, connectionId),
        eq(messages.fromMe, true),
        isNotNull(messages.providerMessageId),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);

// The ticket's latest message the customer could see (private notes left out).
export const lastPublicMessage = async (db: DbOrTx, companyId: number, ticketId: number) => {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isPrivate, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
};

// The ticket's last `limit` messages the customer could see, oldest first: an AI prompt's context.
export const recentPublicMessages = async (db: DbOrTx, companyId: number, ticketId: number, limit: number) => {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isPrivate, false), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
};

// The ticket's public messages written after one of its messages.
export const publicMessagesAfter = (db: DbOrTx, companyId: number, ticketId: number, messageId: number) =>
  db
    .select({ id: messages.id, fromMe: messages.fromMe, dataJson: messages.dataJson })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isPrivate, false), sql`${messages.id} > ${messageId}`));
