// The reads and writes of the conversation flow that no other module already offers.
import { and, asc, count, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatbots, companies, connectionQueues, connections, contacts, queues, tickets, userQueues, users } from '../../db/schema.ts';

export type FlowConnection = typeof connections.$inferSelect;
export type FlowQueue = typeof queues.$inferSelect;
export type FlowOption = typeof chatbots.$inferSelect;

export const findConnection = async (db: DbOrTx, companyId: number, connectionId: number) => {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));
  return row;
};

// The connection's queues in menu order: orderQueue first (unset last), then name.
export const queuesOfConnection = (db: DbOrTx, companyId: number, connectionId: number) =>
  db
    .select({ queue: queues })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(and(eq(connectionQueues.companyId, companyId), eq(connectionQueues.connectionId, connectionId)))
    .orderBy(asc(sql`coalesce(${queues.orderQueue}, 2147483647)`), asc(queues.name))
    .then((rows) => rows.map((row) => row.queue));

export const findQueue = async (db: DbOrTx, companyId: number, queueId: number) => {
  const [row] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return row;
};

// One level of a queue's option tree, in the order the options were created.
export const optionsUnder = (db: DbOrTx, companyId: number, queueId: number, parentId: number | null) =>
  db
    .select()
    .from(chatbots)
    .where(
      and(
        eq(chatbots.companyId, companyId),
        eq(chatbots.queueId, queueId),
        parentId === null ? isNull(chatbots.parentId) : eq(chatbots.parentId, parentId),
      ),
    )
    .orderBy(asc(chatbots.id));

export const findOption = async (db: DbOrTx, companyId: number, optionId: number) => {
  const [row] = await db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.companyId, companyId), eq(chatbots.id, optionId)));
  return row;
};

export const companySchedules = async (db: DbOrTx, companyId: number) => {
  const [row] = await db.select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, companyId));
  return row?.schedules ?? [];
};

export const markLgpdAccepted = (db: DbOrTx, companyId: number, contactId: number, at: Date) =>
  db
    .update(contacts)
    .set({ lgpdAcceptedAt: at, updatedAt: sql`now()` })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));

// How many tickets wait unassigned in the queue up to and including this one.
export const queuePosition = async (db: DbOrTx, companyId: number, queueId: number, ticketId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.queueId, queueId),
        eq(tickets.status, 'pending'),
        isNull(tickets.userId),
        lte(tickets.id, ticketId),
      ),
    );
  return row?.value ?? 1;
};

// The queue's online attendants with how many live tickets each holds, least busy first.
export const onlineAttendantsOf = (db: DbOrTx, companyId: number, queueId: number) =>
  db
    .select({
      id: users.id,
      liveTickets: sql<number>`(select count(*)::int from ${tickets} where ${tickets.companyId} = ${companyId} and ${tickets.userId} = ${users.id} and ${tickets.status} in ('open', 'pending'))`,
    })
    .from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.queueId, queueId), eq(users.online, true)))
    .orderBy(asc(users.id));

export const findUserOfCompany = async (db: DbOrTx, companyId: number, userId: number) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
};

export const queueIdsOfUser = async (db: DbOrTx, companyId: number, userId: number) =>
  (
    await db
      .select({ queueId: userQueues.queueId })
      .from(userQueues)
      .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)))
  ).map((row) => row.queueId);

// The contact's latest ticket on the connection, if it was closed at or after `since`.
export const recentlyClosedTicket = async (db: DbOrTx, companyId: number, contactId: number, connectionId: number, since: Date) => {
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.contactId, contactId),
        eq(tickets.whatsappId, connectionId),
        eq(tickets.status, 'closed'),
        gte(tickets.closedAt, since),
      ),
    )
    .orderBy(desc(tickets.closedAt))
    .limit(1);
  return row;
};
