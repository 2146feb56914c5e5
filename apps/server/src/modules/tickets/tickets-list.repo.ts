// GET /tickets (01-core §7). A statement's SQL follows only the request's shape (which filters it
// has, what the asker may see), never its values: each shape is built once per process with
// placeholders. A tab's page is one statement — the page's ids, their rows with relations and the
// capped count together — prepared on each connection, so a request costs the server no query
// building, PostgreSQL no parsing or planning, and one round trip instead of three
// (docs/benchmarks.md, "one statement per page"). A search's page is two (searchPage).
import { and, asc, desc, eq, exists, isNull, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { can } from '@atende/shared/permissions';
import { TICKETS_COUNT_CAP, ticketPriorities, type TicketsListQuery, type TicketStatus } from '@atende/shared/tickets';
import type { VisibilityActor } from '@atende/shared/ticket-visibility';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { preparedSelect } from '../../db/prepared-statement.ts';
import { companies, contacts, messages, ticketTags, tickets } from '../../db/schema.ts';
import {
  findTicketViewRows,
  selectTicketViewRows,
  statusLiteral,
  TICKETS_PAGE_SIZE,
  visibilityScopeOf,
  visibilityValues,
  visibleTo,
  waitingStatuses,
  type TicketOwner,
  type TicketViewRow,
} from './tickets.repo.ts';
import { keptTicketCount, type TicketDimensions } from './ticket-counts.repo.ts';

const value = sql.placeholder;
// a page and the one row that says whether another follows
const PAGE_WITH_NEXT = TICKETS_PAGE_SIZE + 1;
const idList = (key: string) => sql`any(${value(key)}::integer[])`;

// Everything the statement's SQL depends on. Built from the request by listShape, and the only
// input of the statements built from it (pageIdsOf, buildTab), so a cached statement can never
// belong to another request's filters.
type ListShape = {
  scope: ReturnType<typeof visibilityScopeOf>;
  // without showAll: the user's own tickets, unassigned ones and the closed
  mineOnly: boolean;
  // the tab, written into the statement (statusLiteral)
  status: TicketStatus | null;
  statusFilter: boolean;
  queueIds: boolean;
  whatsapps: boolean;
  users: boolean;
  withUnreadMessages: boolean;
  isGroup: boolean | null;
  date: boolean;
  updatedAt: boolean;
  tags: boolean;
  priorities: boolean;
  // sortBy=priority: the most urgent first, each priority in the order of ascending
  byPriority: boolean;
  ascending: boolean;
  cursor: boolean;
  // a page number past the first (the spec's callers; the web's scroll sends a cursor)
  skipsPages: boolean;
  search: 'none' | 'text' | 'text-or-digits';
  onMessages: boolean;
};

const searchOf = (query: TicketsListQuery) => {
  const text = query.searchParam.trim();
  return { text, digits: text.replace(/\D/g, '') };
};

const listShape = (actor: VisibilityActor, query: TicketsListQuery): ListShape => {
  const { text, digits } = searchOf(query);
  return {
    scope: visibilityScopeOf(actor),
    mineOnly: !(query.showAll === true && can(actor, 'tickets-manager:showall')),
    status: query.status ?? null,
    statusFilter: Boolean(query.statusFilter?.length),
    queueIds: Boolean(query.queueIds?.length),
    whatsapps: Boolean(query.whatsapps?.length),
    users: Boolean(query.users?.length) && can(actor, 'tickets-manager:filterUsers'),
    withUnreadMessages: query.withUnreadMessages === true,
    isGroup: query.isGroup ?? null,
    date: query.date !== undefined,
    updatedAt: query.updatedAt !== undefined,
    tags: Boolean(query.tags?.length),
    priorities: Boolean(query.priorities?.length),
    byPriority: query.sortBy === 'priority',
    ascending: query.sortTickets === 'ASC',
    cursor: query.cursor !== undefined,
    skipsPages: !query.cursor && query.pageNumber > 1,
    search: !text ? 'none' : digits ? 'text-or-digits' : 'text',
    onMessages: Boolean(text) && query.searchOnMessages === true,
  };
};

// The values of the placeholders those statements hold; a value its shape does not use is ignored.
const listValues = (companyId: number, actor: VisibilityActor, query: TicketsListQuery) => {
  const { text, digits } = searchOf(query);
  const cursorParts = query.cursor?.split('_') ?? [];
  const [cursorRank, cursorMicros, cursorId] = cursorParts.length === 3 ? [cursorParts[0].slice(1), cursorParts[1], cursorParts[2]] : [undefined, ...cursorParts];
  const offset = query.cursor ? 0 : (query.pageNumber - 1) * TICKETS_PAGE_SIZE;
  return {
    companyId,
    ...visibilityValues(actor),
    statusFilter: query.statusFilter,
    queueIds: query.queueIds,
    whatsapps: query.whatsapps,
    users: query.users,
    date: query.date?.slice(0, 10),
    updatedAt: query.updatedAt?.slice(0, 10),
    tags: query.tags,
    priorities: query.priorities,
    cursorRank: cursorRank === undefined ? undefined : Number(cursorRank),
    cursorMicros,
    cursorId: cursorId === undefined ? undefined : Number(cursorId),
    pattern: containsPattern(text),
    digitsPattern: `%${digits}%`,
    offset,
    // each way's own page reaches as far as the list's page does
    wayLimit: offset + PAGE_WITH_NEXT,
  };
};

// The filters on the columns tickets are counted by, of the tickets or of their kept counts; less
// what a way's owner already says (ownerWays).
const dimensionFilters = (shape: ListShape, t: TicketDimensions, owner: TicketOwner = 'any'): SQL | undefined =>
  and(
    eq(t.companyId, value('companyId')),
    visibleTo(shape.scope, t, owner),
    shape.mineOnly && owner === 'any' ? or(eq(t.userId, value('actorId')), isNull(t.userId), sql`${t.status} = ${statusLiteral('closed')}`) : undefined,
    shape.status ? sql`${t.status} = ${statusLiteral(shape.status)}` : undefined,
    shape.statusFilter ? sql`${t.status} = any(${value('statusFilter')}::text[])` : undefined,
    shape.queueIds ? or(sql`${t.queueId} = ${idList('queueIds')}`, isNull(t.queueId)) : undefined,
    shape.whatsapps ? sql`${t.whatsappId} = ${idList('whatsapps')}` : undefined,
    shape.users ? sql`${t.userId} = ${idList('users')}` : undefined,
    shape.isGroup === null ? undefined : shape.isGroup ? sql`${t.isGroup}` : sql`not ${t.isGroup}`,
  );

// The filters on what only the tickets hold.
const ticketFilters = (shape: ListShape): SQL | undefined =>
  and(
    shape.withUnreadMessages ? sql`${tickets.unreadMessages} > 0` : undefined,
    shape.date ? sql`${tickets.createdAt}::date = ${value('date')}::date` : undefined,
    shape.updatedAt ? sql`${tickets.updatedAt}::date = ${value('updatedAt')}::date` : undefined,
    shape.priorities ? sql`${tickets.priority} = any(${value('priorities')}::text[])` : undefined,
    shape.tags ? sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.tagId} = ${idList('tags')})` : undefined,
  );

const filtersOf = (shape: ListShape, owner: TicketOwner = 'any') => and(dimensionFilters(shape, tickets, owner), ticketFilters(shape));

// The ways a ticket matches a search, accents and case aside (search_fold, migration 0019): its
// contact's name or number, its last message or (optionally) any public message. Each is served by
// its own trigram index over the folded text, or by walking the newest tickets (pageIdsOf).
const folds = (column: SQL | AnyColumn, pattern: Placeholder) => sql`search_fold(${column}) like search_fold(${pattern})`;

const searchWays = (db: DbOrTx, shape: ListShape): (SQL | undefined)[] => {
  if (shape.search === 'none') return [undefined];
  const name = folds(contacts.name, value('pattern'));
  const contactMatch = shape.search === 'text-or-digits' ? or(name, sql`${contacts.number} like ${value('digitsPattern')}`) : name;
  const byContact = sql`${tickets.contactId} in ${db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, value('companyId')), contactMatch))}`;
  const byLastMessage = folds(tickets.lastMessage, value('pattern'));
  if (!shape.onMessages) return [byContact, byLastMessage];
  const byMessage = exists(
    db
      .select({ one: sql`1` })
      .from(messages)
      .where(
        and(eq(messages.ticketId, tickets.id), eq(messages.companyId, value('companyId')), sql`not ${messages.isPrivate}`, folds(messages.body, value('pattern'))),
      ),
  );
  return [byContact, byLastMessage, byMessage];
};

type Way = { owner: TicketOwner; condition?: SQL };

// A tab of the user's own tickets (mineOnly) in a status an attendant works in (open, nps):
// theirs, and the unassigned ones, each a way of its own that walks its part of the owner indexes
// newest first. As one condition, a plan made for any user (the prepared statement's) walks the
// whole tab to find the few rows of one attendant. A waiting tab (pending) stays one way: its
// tickets are mostly unassigned, and the planner, given the two ways, misjudged how many of them
// an attendant's queues hold and sorted them all.
const ownerWays = (shape: ListShape): Way[] =>
  shape.mineOnly && shape.status !== null && shape.status !== 'closed' && !waitingStatuses.includes(shape.status)
    ? [
        { owner: 'actor', condition: eq(tickets.userId, value('actorId')) },
        { owner: 'unassigned', condition: isNull(tickets.userId) },
      ]
    : [{ owner: 'any' }];

// A cursor names the last row's position exactly: updatedAt in microseconds since the epoch (a
// JavaScript Date keeps only milliseconds) and the id that breaks ties.
// Sorted by priority, p and the priority's rank (1 for none to 5 for urgent) come first.
const cursorOf = (shape: ListShape, row: TicketViewRow) =>
  `${shape.byPriority ? `p${ticketPriorities.indexOf(row.ticket.priority) + 1}_` : ''}${row.updatedAtMicros}_${row.ticket.id}`;

const priorityRank = sql<number>`array_position(array[${sql.raw(ticketPriorities.map((priority) => `'${priority}'`).join(','))}]::text[], ${tickets.priority})`;

const afterCursor = (shape: ListShape) => {
  if (!shape.cursor) return undefined;
  const position = sql`(timestamptz 'epoch' + ${value('cursorMicros')}::bigint * interval '1 microsecond', ${value('cursorId')}::integer)`;
  const afterInRank = shape.ascending ? sql`(${tickets.updatedAt}, ${tickets.id}) > ${position}` : sql`(${tickets.updatedAt}, ${tickets.id}) < ${position}`;
  if (!shape.byPriority) return afterInRank;
  const rank = value('cursorRank');
  return sql`(${priorityRank} < ${rank}::integer or (${priorityRank} = ${rank}::integer and ${afterInRank}))`;
};

// Counting stops past the cap: a tab of 200,000 tickets shows "10.000+", not a full scan. A tab
// filtered only by the columns tickets are counted by sums their kept counts instead of reading
// its tickets (ticket-counts.repo.ts).
const cappedCount = (shape: ListShape) =>
  ticketFilters(shape)
    ? sql<number>`(select count(*)::integer from (select 1 from ${tickets} where ${filtersOf(shape)} limit ${sql.raw(String(TICKETS_COUNT_CAP + 1))}) as capped)`
    : keptTicketCount((t) => dimensionFilters(shape, t));

const orderOf = (shape: ListShape) => [
  ...(shape.byPriority ? [desc(priorityRank)] : []),
  ...(shape.ascending ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)]),
];

// The page's ids in the list's order, and the one after them that says whether there is more.
const pageIdsOf = (db: DbOrTx, shape: ListShape) => {
  // Each way a ticket can match gives its own page in the list's order, and the list's page is
  // taken from their union: with one condition per subquery the planner can choose, for each,
  // between walking the newest tickets and probing them (a common word: a page is found among
  // the first hundred) and looking the matches up in their index (a rare one). An OR of the ways
  // would make it read every match of the commonest.
  const ways: Way[] = shape.search === 'none' ? ownerWays(shape) : searchWays(db, shape).map((condition) => ({ owner: 'any', condition }));
  const wayPages = ways.map(({ owner, condition }) =>
    db
      .select({ id: tickets.id, updatedAt: tickets.updatedAt, rank: shape.byPriority ? priorityRank.as('rank') : sql<number>`0`.as('rank') })
      .from(tickets)
      .where(and(filtersOf(shape, owner), afterCursor(shape), condition))
      .orderBy(...orderOf(shape))
      // the first page's limit is in the text, so the plan is chosen knowing it
      .limit(shape.skipsPages ? value('wayLimit') : PAGE_WITH_NEXT),
  );
  const [firstWay, secondWay, ...otherWays] = wayPages;
  const matched = (secondWay ? union(firstWay, secondWay, ...otherWays) : firstWay).as('matched');
  return db
    .select({ id: matched.id })
    .from(matched)
    .orderBy(
      ...(shape.byPriority ? [desc(matched.rank)] : []),
      ...(shape.ascending ? [asc(matched.updatedAt), asc(matched.id)] : [desc(matched.updatedAt), desc(matched.id)]),
    )
    .limit(PAGE_WITH_NEXT)
    .offset(shape.skipsPages ? value('offset') : 0);
};

// A tab (no search): the page's rows with their relations and the tab's count, in one statement.
const buildTab = (db: DbOrTx, shape: ListShape) =>
  selectTicketViewRows(db, cappedCount(shape))
    .where(and(eq(tickets.companyId, value('companyId')), sql`${tickets.id} = any(array(${pageIdsOf(db, shape)}))`))
    .orderBy(...orderOf(shape));

type TabRow = TicketViewRow & { listTotal: number };

// Statements built per database handle and shape, at most MAX_SHAPES of each kind (the oldest
// built is dropped). A tab's plan holds for any values: the first MAX_NAMED tab shapes are named,
// prepared statements, planned once per connection. A search's plan depends on its word (a rare
// one is looked up in its index, a common one found among the newest tickets), so its page is
// sent unnamed and planned for each request, and its rows come from the prepared view statement.
const MAX_SHAPES = 200;
const MAX_NAMED = 64;
let namedTabs = 0;

const perShape = <Statement>(build: (db: DbOrTx, shape: ListShape) => Statement) => {
  const built = new WeakMap<DbOrTx, Map<string, Statement>>();
  return (db: DbOrTx, shape: ListShape): Statement => {
    let byShape = built.get(db);
    if (!byShape) {
      byShape = new Map();
      built.set(db, byShape);
    }
    const key = JSON.stringify(shape);
    let statement = byShape.get(key);
    if (!statement) {
      statement = build(db, shape);
      if (byShape.size >= MAX_SHAPES) byShape.delete(byShape.keys().next().value as string);
      byShape.set(key, statement);
    }
    return statement;
  };
};

// an empty name is PostgreSQL's unnamed statement, parsed and planned with each run
const tabStatement = perShape((db, shape) => preparedSelect(db, buildTab(db, shape), namedTabs < MAX_NAMED ? `tickets_list_${(namedTabs += 1)}` : ''));
const searchPageStatement = perShape((db, shape) => preparedSelect(db, pageIdsOf(db, shape), ''));

// What the page's statement cannot say when its page is empty: how many tickets the tab holds
// behind a cursor or a page number past its end.
const countOnly = async (db: DbOrTx, shape: ListShape, values: ListValues) => {
  const [row] = await db
    .select({ total: cappedCount(shape) })
    .from(companies)
    .where(eq(companies.id, value('companyId')))
    .execute(values);
  return row?.total ?? 0;
};

type ListValues = ReturnType<typeof listValues>;

const tabPage = async (db: DbOrTx, shape: ListShape, values: ListValues) => {
  const found = (await tabStatement(db, shape).execute(values)) as TabRow[];
  const rows: TicketViewRow[] = found.slice(0, TICKETS_PAGE_SIZE).map(({ listTotal: _, ...row }) => row);
  const total = found.length > 0 ? (found[0]?.listTotal ?? 0) : values.offset === 0 && !shape.cursor ? 0 : await countOnly(db, shape, values);
  return { rows, total, hasMore: found.length > TICKETS_PAGE_SIZE };
};

// A search counts no further than its page: the web shows no count while searching, and counting
// every ticket whose messages or contact match a common word reads all of them.
const searchPage = async (db: DbOrTx, shape: ListShape, values: ListValues) => {
  const found = (await searchPageStatement(db, shape).execute(values)).map((row) => row.id);
  const ids = found.slice(0, TICKETS_PAGE_SIZE);
  const byId = new Map((ids.length > 0 ? await findTicketViewRows(db, values.companyId, ids) : []).map((row) => [row.ticket.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: values.offset + found.length, hasMore: found.length > TICKETS_PAGE_SIZE };
};

export const listTickets = async (db: DbOrTx, companyId: number, actor: VisibilityActor, query: TicketsListQuery) => {
  const shape = listShape(actor, query);
  const values = listValues(companyId, actor, query);
  const { rows, total, hasMore } = await (shape.search === 'none' ? tabPage : searchPage)(db, shape, values);
  const last = rows.at(-1);
  return { rows, count: total, hasMore, nextCursor: hasMore && last ? cursorOf(shape, last) : null };
};
