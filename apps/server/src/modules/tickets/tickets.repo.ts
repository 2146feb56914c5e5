import { and, asc, count, desc, eq, exists, gte, inArray, isNull, like, lte, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { TICKETS_COUNT_CAP, type TicketsListQuery } from '@atende/shared/tickets';
import type { VisibilityActor } from '@atende/shared/ticket-visibility';
import { can } from '@atende/shared/permissions';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { arrayColumnsOf, columnArrays, columnNames, columnsOf, preparedSql, preparedStatement, unnestRows } from '../../db/prepared-statement.ts';
import type { TagView } from '@atende/shared/tags';
import { connections, contacts, messages, queues, tags, ticketLogs, ticketTags, tickets, userRatings, users, type TicketRow } from '../../db/schema.ts';

export type { TicketRow };
export const TICKETS_PAGE_SIZE = 40;

// TicketView rows carry their contact, user, queue, connection and tags from one statement: the
// list and every ticket event need them, and one round trip per page beats one per relation.
const tagsOfTicket = sql<TagView[]>`coalesce((
  select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}, 'kanban', ${tags.kanban}) order by ${tags.id})
  from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId}
  where ${ticketTags.ticketId} = ${tickets.id}), '[]'::json)`;

const viewColumns = {
  ticket: tickets,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number, urlPicture: contacts.urlPicture, isGroup: contacts.isGroup },
  user: { id: users.id, name: users.name, color: users.color },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  whatsapp: { id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket },
  tags: tagsOfTicket,
  // one NPS answer per ticket (unique index), so the join never repeats a row
  userRating: { rate: userRatings.rate },
  // the row's place in the list's order, exact to the microsecond, for the next page's cursor
  updatedAtMicros: sql<string>`(extract(epoch from ${tickets.updatedAt}) * 1000000)::bigint::text`,
};

// A dynamic select: callers add where, order, limit and offset.
const selectTicketViewRows = (db: DbOrTx) =>
  db
    .select(viewColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .leftJoin(userRatings, eq(userRatings.ticketId, tickets.id))
    .$dynamic();

export type TicketViewRow = Awaited<ReturnType<ReturnType<typeof selectTicketViewRows>['execute']>>[number];

// Rows already chosen (a list's page, rows just changed and committed) with their relations. Every
// list request and ticket event runs it, and planning its seven-table join costs several times
// executing it for 41 ids, so it is a prepared statement per database handle: planned once per
// connection. Its rows come in no particular order.
const ticketViewRowsStatement = (db: DbOrTx) =>
  selectTicketViewRows(db)
    .where(and(eq(tickets.companyId, sql.placeholder('companyId')), sql`${tickets.id} = any(${sql.placeholder('ticketIds')}::integer[])`))
    .prepare('ticket_view_rows');

const preparedTicketViewRows = new WeakMap<DbOrTx, ReturnType<typeof ticketViewRowsStatement>>();

export const findTicketViewRows = (db: DbOrTx, companyId: number, ticketIds: number[]) => {
  let statement = preparedTicketViewRows.get(db);
  if (!statement) {
    statement = ticketViewRowsStatement(db);
    preparedTicketViewRows.set(db, statement);
  }
  return statement.execute({ companyId, ticketIds });
};

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
  const where = and(...conditions);
  const ascending = query.sortTickets === 'ASC';
  const order = ascending ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
  // the infinite scroll continues after the last row it holds (keyset); pageNumber alone, as the
  // spec's callers send it, still skips whole pages
  const after = query.cursor ? afterCursor(query.cursor, ascending) : undefined;
  const offset = query.cursor ? 0 : (query.pageNumber - 1) * TICKETS_PAGE_SIZE;
  const search = query.searchParam.trim();
  const ways = search ? searchWays(db, companyId, search, query.searchOnMessages === true) : [undefined];
  // Each way a ticket can match gives its own page in the list's order, and the list's page is
  // taken from their union: with one condition per statement the planner can choose, for each,
  // between walking the newest tickets and probing them (a common word: a page is found among
  // the first hundred) and looking the matches up in their index (a rare one). An OR of the ways
  // would make it read every match of the commonest. The 41st row only says whether there is more.
  const wayPages = ways.map((way) =>
    db
      .select({ id: tickets.id, updatedAt: tickets.updatedAt })
      .from(tickets)
      .where(and(where, after, way))
      .orderBy(...order)
      .limit(offset + TICKETS_PAGE_SIZE + 1),
  );
  const [firstWay, secondWay, ...otherWays] = wayPages;
  const matched = (secondWay ? union(firstWay, secondWay, ...otherWays) : firstWay).as('matched');
  const pageIds = db
    .select({ id: matched.id })
    .from(matched)
    .orderBy(...(ascending ? [asc(matched.updatedAt), asc(matched.id)] : [desc(matched.updatedAt), desc(matched.id)]))
    .limit(TICKETS_PAGE_SIZE + 1)
    .offset(offset);
  const [page, total] = await Promise.all([
    pageIds,
    // a search counts no further than its page: the web shows no count while searching, and
    // counting every ticket whose messages or contact match a common word reads all of them
    search ? undefined : countCapped(db, where),
  ]);
  const hasMore = page.length > TICKETS_PAGE_SIZE;
  const ids = page.slice(0, TICKETS_PAGE_SIZE).map((row) => row.id);
  const byId = new Map((ids.length > 0 ? await findTicketViewRows(db, companyId, ids) : []).map((row) => [row.ticket.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const last = rows.at(-1);
  return { rows, count: total ?? offset + page.length, hasMore, nextCursor: hasMore && last ? cursorOf(last) : null };
};

// Counting stops past the cap: a tab of 200,000 tickets shows "10.000+", not a full scan.
const countCapped = async (db: DbOrTx, where: SQL | undefined) => {
  const capped = db.select({ one: sql`1` }).from(tickets).where(where).limit(TICKETS_COUNT_CAP + 1).as('capped');
  const [total] = await db.select({ value: count() }).from(capped);
  return total?.value ?? 0;
};

// A cursor names the last row's position exactly: updatedAt in microseconds since the epoch (a
// JavaScript Date keeps only milliseconds) and the id that breaks ties.
const cursorOf = (row: TicketViewRow) => `${row.updatedAtMicros}_${row.ticket.id}`;

const afterCursor = (cursor: string, ascending: boolean) => {
  const [micros, id] = cursor.split('_');
  const position = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${Number(id)}::integer)`;
  return ascending ? sql`(${tickets.updatedAt}, ${tickets.id}) > ${position}` : sql`(${tickets.updatedAt}, ${tickets.id}) < ${position}`;
};

// The kanban board (02-operations §2): open and pending tickets of the given queues that the
// actor may see, updated within the day range, by ticket number.
export const listBoardTickets = (
  db: DbOrTx,
  companyId: number,
  actor: VisibilityActor,
  filter: { queueIds: number[]; startDate?: string; endDate?: string; limit: number },
) => {
  if (filter.queueIds.length === 0) return Promise.resolve([]);
  const ids = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        inArray(tickets.status, ['open', 'pending']),
        inArray(tickets.queueId, filter.queueIds),
        visibleTo(actor),
        filter.startDate ? sql`${tickets.updatedAt}::date >= ${filter.startDate.slice(0, 10)}::date` : undefined,
        filter.endDate ? sql`${tickets.updatedAt}::date <= ${filter.endDate.slice(0, 10)}::date` : undefined,
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(filter.limit);
  return selectTicketViewRows(db).where(inArray(tickets.id, ids)).orderBy(asc(tickets.id));
};

// The ways a ticket matches a search, accents and case aside (search_fold, migration 0019): its
// contact's name or number, its last message or (optionally) any public message. Each is served by
// its own trigram index over the folded text, or by walking the newest tickets (listTickets).
const folds = (column: SQL | AnyColumn, pattern: string) => sql`search_fold(${column}) like search_fold(${pattern})`;

const searchWays = (db: DbOrTx, companyId: number, search: string, onMessages: boolean): SQL[] => {
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, '');
  const contactMatch = digits ? or(folds(contacts.name, pattern), like(contacts.number, `%${digits}%`)) : folds(contacts.name, pattern);
  const byContact = inArray(tickets.contactId, db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.companyId, companyId), contactMatch)));
  const byLastMessage = folds(tickets.lastMessage, pattern);
  if (!onMessages) return [byContact, byLastMessage];
  const byMessage = exists(
    db
      .select({ one: sql`1` })
      .from(messages)
      .where(and(eq(messages.ticketId, tickets.id), eq(messages.companyId, companyId), eq(messages.isPrivate, false), folds(messages.body, pattern))),
  );
  return [byContact, byLastMessage, byMessage];
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

const liveTicket = preparedStatement('tickets_live_of_contact', tickets, (db) =>
  db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, sql.placeholder('companyId')),
        eq(tickets.contactId, sql.placeholder('contactId')),
        sql`coalesce(${tickets.whatsappId}, 0) = ${sql.placeholder('whatsappId')}`,
        ne(tickets.status, 'closed'),
      ),
    )
    .limit(1),
);

export const findLiveTicket = async (db: DbOrTx, companyId: number, contactId: number, whatsappId: number | null): Promise<TicketRow | undefined> =>
  (await liveTicket(db, { companyId, contactId, whatsappId: whatsappId ?? 0 }))[0];

const liveTicketsOfContacts = preparedStatement('tickets_live_of_contacts', tickets, (db) =>
  db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, sql.placeholder('companyId')), sql`${tickets.contactId} = any(${sql.placeholder('contactIds')}::integer[])`, ne(tickets.status, 'closed'))),
);

// The live tickets of several contacts, on every connection.
export const findLiveTicketsOfContacts = (db: DbOrTx, companyId: number, contactIds: number[]): Promise<TicketRow[]> =>
  contactIds.length === 0 ? Promise.resolve([]) : liveTicketsOfContacts(db, { companyId, contactIds });

// Takes the ticket's row lock for the rest of the transaction; changes that touch a ticket's
// timers lock the ticket first, so this keeps one lock order.
export const lockTicket = (db: DbOrTx, companyId: number, ticketId: number) =>
  db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .for('update');

// The columns a ticket is opened with by an inbound message; the rest take their defaults.
const OPENING_COLUMNS = ['companyId', 'contactId', 'whatsappId', 'status', 'userId', 'queueId', 'isGroup', 'channel'] as const;
export type TicketOpening = Pick<TicketRow, (typeof OPENING_COLUMNS)[number]>;

const OPENING_VALUES = arrayColumnsOf(tickets, OPENING_COLUMNS);

// Tickets opened together (a group commit's round of new customers) with their `create` log
// entries: one statement, built and prepared once, with one array per column. Rows are written in
// the order given.
const openAndLog = preparedSql<{ ticket: TicketRow }>(
  'tickets_open_and_log',
  { ticket: tickets },
  sql`with opened as (
    insert into ${tickets} (${columnNames(OPENING_VALUES)})
    select ${columnNames(OPENING_VALUES)} from ${unnestRows('opening', OPENING_VALUES)}
    order by ord
    returning *
  ), logged as (
    insert into ${ticketLogs} (company_id, ticket_id, user_id, type)
    select company_id, id, user_id, 'create' from opened
  )
  select ${columnsOf(tickets, 'opened')} from opened`,
);

export const openTicketsWithLogs = async (db: DbOrTx, openings: TicketOpening[]): Promise<TicketRow[]> => {
  if (openings.length === 0) return [];
  return (await openAndLog(db, columnArrays(OPENING_VALUES, openings))).map((row) => row.ticket);
};

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
