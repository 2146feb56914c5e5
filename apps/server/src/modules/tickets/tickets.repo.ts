import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TicketsListQuery } from '@atende/shared/tickets';
import type { VisibilityActor } from '@atende/shared/ticket-visibility';
import { can } from '@atende/shared/permissions';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { contacts, messages, ticketTags, tickets } from '../../db/schema.ts';
import { selectTicketViewRows } from './ticket-view.ts';

export type TicketRow = typeof tickets.$inferSelect;
export const TICKETS_PAGE_SIZE = 40;

const on = (value: string) => value === 'enabled';

// The SQL form of canSeeTicket (packages/shared ticket-visibility.ts); keep the two in step.
const visibleTo = (actor: VisibilityActor): SQL | undefined => {
  if (actor.profile === 'admin') return undefined;
  const queueIds = actor.queueIds.length > 0 ? inArray(tickets.queueId, [...actor.queueIds]) : sql`false`;
  const queueScope = or(queueIds, and(isNull(tickets.queueId), on(actor.allTicket) ? sql`true` : eq(tickets.isGroup, true)));
  const waiting = and(isNull(tickets.userId), inArray(tickets.status, ['pending', 'lgpd', 'group']), queueScope);
  const history = on(actor.allHistoric) ? eq(tickets.status, 'closed') : sql`false`;
  const everyone = can(actor, 'tickets:viewAll') ? queueScope : sql`false`;
  const groupAllowed = on(actor.allowGroup) ? sql`true` : eq(tickets.isGroup, false);
  return or(eq(tickets.userId, actor.id), and(groupAllowed, or(waiting, history, everyone)));
};

export const listTickets = async (db: DbOrTx, companyId: number, actor: VisibilityActor, query: TicketsListQuery) => {
  const conditions: (SQL | undefined)[] = [eq(tickets.companyId, companyId), visibleTo(actor)];
  const showAll = query.showAll === true && can(actor, 'tickets-manager:showall');
  if (!showAll) conditions.push(or(eq(tickets.userId, actor.id), isNull(tickets.userId), eq(tickets.status, 'closed')));
  if (query.status) conditions.push(eq(tickets.status, query.status));
  if (query.statusFilter?.length) conditions.push(inArray(tickets.status, query.statusFilter));
  if (query.queueIds?.length) conditions.push(or(inArray(tickets.queueId, query.queueIds), isNull(tickets.queueId)));
  if (query.whatsapps?.length) conditions.push(inArray(tickets.whatsappId, query.whatsapps));
  if (query.users?.length && can(actor, 'tickets-manager:filterUsers')) conditions.push(inArray(tickets.userId, query.users));
  if (query.withUnreadMessages) conditions.push(sql`${tickets.unreadMessages} > 0`);
  if (query.isGroup !== undefined) conditions.push(eq(tickets.isGroup, query.isGroup));
  if (query.date) conditions.push(sql`${tickets.createdAt}::date = ${query.date.slice(0, 10)}::date`);
  if (query.updatedAt) conditions.push(sql`${tickets.updatedAt}::date = ${query.updatedAt.slice(0, 10)}::date`);
  if (query.tags?.length) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(ticketTags)
          .where(and(eq(ticketTags.ticketId, tickets.id), inArray(ticketTags.tagId, query.tags))),
      ),
    );
  }
  const search = query.searchParam.trim();
  if (search) conditions.push(inArray(tickets.id, ticketsMatching(db, companyId, search, query.searchOnMessages === true)));
  const where = and(...conditions);
  const order = query.sortTickets === 'ASC' ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
  const offset = (query.pageNumber - 1) * TICKETS_PAGE_SIZE;
  // the page's ids are chosen on tickets alone, so relations are joined for 40 rows, not for
  // every match the planner expects to be few
  const pageIds = db.select({ id: tickets.id }).from(tickets).where(where).orderBy(...order).limit(TICKETS_PAGE_SIZE).offset(offset);
  const [rows, [total]] = await Promise.all([
    selectTicketViewRows(db).where(inArray(tickets.id, pageIds)).orderBy(...order),
    db.select({ value: count() }).from(tickets).where(where),
  ]);
  return { rows, count: total?.value ?? 0, offset };
};

// Tickets whose contact name or number, last message or (optionally) any public message
// contains the search. A union of id sets rather than one OR across joined tables, so each arm
// can use its own trigram index instead of scanning the company's tickets.
const ticketsMatching = (db: DbOrTx, companyId: number, search: string, onMessages: boolean) => {
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, '');
  const contactMatch = digits ? or(ilike(contacts.name, pattern), ilike(contacts.number, `%${digits}%`)) : ilike(contacts.name, pattern);
  const byContact = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        inArray(tickets.contactId, db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.companyId, companyId), contactMatch))),
      ),
    );
  const byLastMessage = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), ilike(tickets.lastMessage, pattern)));
  if (!onMessages) return union(byContact, byLastMessage);
  const byMessage = db
    .select({ id: messages.ticketId })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.isPrivate, false), ilike(messages.body, pattern)));
  return union(byContact, byLastMessage, byMessage);
};

export const findTicket = async (db: DbOrTx, companyId: number, ticketId: number) => {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .limit(1);
  return row;
};

export const findTicketByUuid = async (db: DbOrTx, companyId: number, uuid: string) => {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid)))
    .limit(1);
  return row;
};

export const findLiveTicket = async (db: DbOrTx, companyId: number, contactId: number, whatsappId: number | null) => {
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.contactId, contactId),
        sql`coalesce(${tickets.whatsappId}, 0) = ${whatsappId ?? 0}`,
        ne(tickets.status, 'closed'),
      ),
    )
    .limit(1);
  return row;
};

// Takes the ticket's row lock for the rest of the transaction; changes that touch a ticket's
// timers lock the ticket first, so this keeps one lock order.
export const lockTicket = (db: DbOrTx, companyId: number, ticketId: number) =>
  db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .for('update');

export const insertTicket = async (db: DbOrTx, values: typeof tickets.$inferInsert) => {
  const [row] = await db.insert(tickets).values(values).returning();
  return row;
};

// Updates only while the ticket still has the status and owner the caller saw, so two racing
// transitions cannot both apply; undefined means someone else changed it first.
export const updateTicketFrom = async (
  db: DbOrTx,
  companyId: number,
  seen: Pick<TicketRow, 'id' | 'status' | 'userId'>,
  values: Partial<typeof tickets.$inferInsert>,
) => {
  const [row] = await db
    .update(tickets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.id, seen.id),
        eq(tickets.status, seen.status),
        seen.userId === null ? isNull(tickets.userId) : eq(tickets.userId, seen.userId),
      ),
    )
    .returning();
  return row;
};

export const updateTicket = async (db: DbOrTx, companyId: number, ticketId: number, values: Partial<typeof tickets.$inferInsert>) => {
  const [row] = await db
    .update(tickets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .returning();
  return row;
};

export const resetUnread = async (db: DbOrTx, companyId: number, ticketId: number) => {
  const changed = await db
    .update(tickets)
    .set({ unreadMessages: 0 })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId), sql`${tickets.unreadMessages} > 0`))
    .returning({ id: tickets.id });
  return changed.length > 0;
};

export const deleteTicket = async (db: DbOrTx, companyId: number, ticketId: number) => {
  const deleted = await db
    .delete(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .returning({ id: tickets.id });
  return deleted.length > 0;
};

export const liveTicketsToClose = (db: DbOrTx, companyId: number, status: 'open' | 'pending', queueIds: number[]) =>
  db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.status, status),
        queueIds.length > 0 ? inArray(tickets.queueId, queueIds) : undefined,
      ),
    );

// A deleted connection's live tickets are closed first: its tickets lose their connection, and
// two live tickets of one contact without a connection would collide.
export const closeLiveTicketsOfConnection = (db: DbOrTx, companyId: number, connectionId: number) =>
  db
    .update(tickets)
    .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.whatsappId, connectionId), ne(tickets.status, 'closed')))
    .returning();
