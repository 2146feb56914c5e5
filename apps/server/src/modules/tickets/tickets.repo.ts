import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { VisibilityActor } from '@atende/shared/ticket-visibility';
import { ticketStatuses, type TicketStatus } from '@atende/shared/tickets';
import { can } from '@atende/shared/permissions';
import type { DbOrTx } from '../../db/client.ts';
import { arrayColumnsOf, columnArrays, columnNames, columnsOf, preparedSelect, preparedSql, preparedStatement, unnestRows } from '../../db/prepared-statement.ts';
import type { TagView } from '@atende/shared/tags';
import { connections, contacts, queues, tags, ticketLogs, ticketTags, tickets, userRatings, users, type TicketRow } from '../../db/schema.ts';
import { nearestOpenTargetOf } from '../sla/sla.repo.ts';
import type { TicketDimensions } from './ticket-counts.repo.ts';

export type { TicketRow };
export const TICKETS_PAGE_SIZE = 40;

// TicketView rows carry their contact, user, queue, connection and tags from one statement: the
// list and every ticket event need them, and one round trip per page beats one per relation.
const tagsOfTicket = sql<TagView[]>`coalesce((
  select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}, 'kanban', ${tags.kanban}) order by ${tags.id})
  from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId}
  where ${ticketTags.ticketId} = ${tickets.id}), '[]'::json)`;

// what of the ticket itself a TicketView shows (tickets.view.ts): the list's pages and every
// ticket event read these, not the bot's, integration's and timers' columns
const ticketShown = {
  id: tickets.id,
  uuid: tickets.uuid,
  companyId: tickets.companyId,
  status: tickets.status,
  priority: tickets.priority,
  userId: tickets.userId,
  queueId: tickets.queueId,
  whatsappId: tickets.whatsappId,
  channel: tickets.channel,
  isGroup: tickets.isGroup,
  isBot: tickets.isBot,
  useIntegration: tickets.useIntegration,
  isTransfered: tickets.isTransfered,
  amountUsedBotQueues: tickets.amountUsedBotQueues,
  contactId: tickets.contactId,
  lastMessage: tickets.lastMessage,
  unreadMessages: tickets.unreadMessages,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

const ticketViewColumns = {
  ticket: ticketShown,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number, urlPicture: contacts.urlPicture, isGroup: contacts.isGroup },
  user: { id: users.id, name: users.name, color: users.color },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  whatsapp: { id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket },
  tags: tagsOfTicket,
  // one NPS answer per ticket (unique index), so the join never repeats a row
  userRating: { rate: userRatings.rate },
  sla: nearestOpenTargetOf(tickets.id),
  // the row's place in the list's order, exact to the microsecond, for the next page's cursor
  updatedAtMicros: sql<string>`(extract(epoch from ${tickets.updatedAt}) * 1000000)::bigint::text`,
};

// A dynamic select: callers add where, order, limit and offset. The list's page also selects its
// tab's count (listTotal), which its rows carry beside the view's columns (tickets-list.repo.ts).
export const selectTicketViewRows = (db: DbOrTx, listTotal?: SQL<number | null>) =>
  db
    .select((listTotal ? { ...ticketViewColumns, listTotal } : ticketViewColumns) as typeof ticketViewColumns)
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
  preparedSelect(
    db,
    selectTicketViewRows(db).where(and(eq(tickets.companyId, sql.placeholder('companyId')), sql`${tickets.id} = any(${sql.placeholder('ticketIds')}::integer[])`)),
    'ticket_view_rows',
  );

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

// A status written into a statement's text rather than sent as a value: a prepared statement's
// one plan for every request is chosen knowing which statuses it reads (the list, visibleTo).
export const statusLiteral = (status: TicketStatus) => {
  if (!ticketStatuses.includes(status)) throw new Error(`not a ticket status: ${status}`);
  return sql.raw(`'${status}'`);
};

// the statuses of tickets waiting for an attendant, which those of their queues see unassigned
export const waitingStatuses: readonly TicketStatus[] = ['pending', 'lgpd', 'group'];
const WAITING_STATUSES = sql.join(waitingStatuses.map(statusLiteral), sql`, `);

// What of an actor decides which tickets it sees, without the values (its id and queues), which
// the SQL form takes from the placeholders actorId and actorQueueIds (visibilityValues).
export const visibilityScopeOf = (actor: VisibilityActor) =>
  actor.profile === 'admin'
    ? ('admin' as const)
    : { allTicket: on(actor.allTicket), allHistoric: on(actor.allHistoric), viewAll: can(actor, 'tickets:viewAll'), allowGroup: on(actor.allowGroup) };

export const visibilityValues = (actor: VisibilityActor) => ({ actorId: actor.id, actorQueueIds: [...actor.queueIds] });

// Whose tickets a statement reads, when it says so itself (tickets-list.repo.ts ownerWays): the
// asker's own, which it always sees, or the unassigned. visibleTo then leaves out what that says,
// so the planner does not count the same condition twice and misjudge how many rows match.
export type TicketOwner = 'any' | 'actor' | 'unassigned';

// The SQL form of canSeeTicket (packages/shared ticket-visibility.ts); keep the two in step. It
// reads only the columns tickets are counted by, so it applies to the kept counts as well.
export const visibleTo = (scope: ReturnType<typeof visibilityScopeOf>, t: TicketDimensions = tickets, owner: TicketOwner = 'any'): SQL | undefined => {
  if (scope === 'admin' || owner === 'actor') return undefined;
  const queueIds = sql`${t.queueId} = any(${sql.placeholder('actorQueueIds')}::integer[])`;
  const queueScope = or(queueIds, and(isNull(t.queueId), scope.allTicket ? sql`true` : sql`${t.isGroup}`));
  const waiting = and(owner === 'unassigned' ? undefined : isNull(t.userId), sql`${t.status} in (${WAITING_STATUSES})`, queueScope);
  const history = scope.allHistoric ? sql`${t.status} = ${statusLiteral('closed')}` : sql`false`;
  const everyone = scope.viewAll ? queueScope : sql`false`;
  const groupAllowed = scope.allowGroup ? sql`true` : sql`not ${t.isGroup}`;
  const others = and(groupAllowed, or(waiting, history, everyone));
  return owner === 'unassigned' ? others : or(eq(t.userId, sql.placeholder('actorId')), others);
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
        visibleTo(visibilityScopeOf(actor)),
        filter.startDate ? sql`${tickets.updatedAt}::date >= ${filter.startDate.slice(0, 10)}::date` : undefined,
        filter.endDate ? sql`${tickets.updatedAt}::date <= ${filter.endDate.slice(0, 10)}::date` : undefined,
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(filter.limit);
  return selectTicketViewRows(db).where(inArray(tickets.id, ids)).orderBy(asc(tickets.id)).execute(visibilityValues(actor));
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
