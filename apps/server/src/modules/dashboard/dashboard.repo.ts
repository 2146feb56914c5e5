// The dashboard's figures as SQL aggregates over the period's tickets (01-core §3 Dashboard
// counters and attendant row); docs/dashboard-reports.md defines each one.
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts, ticketLogs, tickets, userRatings, users } from '../../db/schema.ts';

// [from, to): the period's first instant and the instant after its last day (period.rules.ts)
export type Instants = { from: Date; to: Date };

const createdIn = (companyId: number, period: Instants) =>
  and(eq(tickets.companyId, companyId), gte(tickets.createdAt, period.from), lt(tickets.createdAt, period.to));

// What a ticket's log says, per ticket: when an attendant first took it (its first `open` entry)
// and whether a user created it. One pass over the entries written since the period began, joined
// by hash (a correlated look-up per ticket and figure cost seconds on a month of a large tenant):
// a ticket's entries are never older than the ticket, so none of the period's tickets' are missed.
const logFacts = (db: DbOrTx, companyId: number, period: Instants) =>
  db
    .select({
      ticketId: ticketLogs.ticketId,
      firstOpenAt: sql<Date | null>`min(${ticketLogs.createdAt}) filter (where ${ticketLogs.type} = 'open')`.as('first_open_at'),
      createdByUser: sql<boolean>`bool_or(${ticketLogs.type} = 'create' and ${ticketLogs.userId} is not null)`.as('created_by_user'),
    })
    .from(ticketLogs)
    .where(and(eq(ticketLogs.companyId, companyId), gte(ticketLogs.createdAt, period.from), inArray(ticketLogs.type, ['open', 'create'])))
    .groupBy(ticketLogs.ticketId)
    .as('log_facts');

// One row per ticket created in the period, with what the figures need: when an attendant first
// took it, whether the company started it, and its rating.
const periodTickets = (db: DbOrTx, companyId: number, period: Instants) => {
  const facts = logFacts(db, companyId, period);
  return db
    .select({
      status: tickets.status,
      isGroup: tickets.isGroup,
      userId: tickets.userId,
      createdAt: tickets.createdAt,
      closedAt: tickets.closedAt,
      firstOpenAt: facts.firstOpenAt,
      active: sql<boolean>`(not ${tickets.isTransfered} and coalesce(${facts.createdByUser}, false))`.as('active'),
      rate: userRatings.rate,
    })
    .from(tickets)
    // a rating is written after its ticket, so the period's tickets' ratings are among those
    // written since the period began: the join hashes a month's ratings, not the company's history
    .leftJoin(userRatings, and(eq(userRatings.ticketId, tickets.id), eq(userRatings.companyId, companyId), gte(userRatings.createdAt, period.from)))
    .leftJoin(facts, eq(facts.ticketId, tickets.id))
    .where(createdIn(companyId, period))
    .as('period_tickets');
};

type PeriodTickets = ReturnType<typeof periodTickets>;

const minutes = (interval: SQL) => sql`extract(epoch from (${interval})) / 60`;
const rounded = (value: SQL) => sql<number>`coalesce(round((${value})::numeric, 2), 0)`.mapWith(Number);
const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

// Waiting: a ticket the customer started, from its creation to the first time an attendant took it.
const waitMinutes = (p: PeriodTickets) =>
  sql`case when not ${p.active} and ${p.firstOpenAt} is not null then ${minutes(sql`${p.firstOpenAt} - ${p.createdAt}`)} end`;
// Support: a closed ticket, from the moment an attendant had it (took it, or started it) to its close.
const supportMinutes = (p: PeriodTickets) =>
  sql`case when ${p.status} = 'closed' and ${p.closedAt} is not null then ${minutes(
    sql`${p.closedAt} - coalesce(${p.firstOpenAt}, case when ${p.active} then ${p.createdAt} end)`,
  )} end`;

const percentOf = (part: SQL, whole: SQL) => sql`case when (${whole}) = 0 then 0 else (${part}) * 100.0 / (${whole}) end`;

// Every figure in one pass over the period's tickets: one row per holder of tickets (userId, null
// for tickets nobody holds) and one more for the whole period (isTotal), by grouping sets.
export const dashboardFigures = (db: DbOrTx, companyId: number, period: Instants) => {
  const p = periodTickets(db, companyId, period);
  const rated = sql`count(${p.rate})`;
  const promoters = sql`count(*) filter (where ${p.rate} >= 9)`;
  const detractors = sql`count(*) filter (where ${p.rate} <= 6)`;
  const unrated = sql`count(*) filter (where ${p.status} = 'closed' and not ${p.isGroup} and ${p.rate} is null)`;
  return db
    .select({
      isTotal: sql<boolean>`grouping(${p.userId}) = 1`,
      userId: p.userId,
      supportHappening: counted(sql`${p.status} = 'open' and not ${p.isGroup}`),
      supportPending: counted(sql`${p.status} = 'pending' and not ${p.isGroup}`),
      supportFinished: counted(sql`${p.status} = 'closed' and not ${p.isGroup}`),
      supportGroups: counted(sql`${p.isGroup}`),
      avgSupportTime: rounded(sql`avg(${supportMinutes(p)})`),
      avgWaitTime: rounded(sql`avg(${waitMinutes(p)})`),
      activeTickets: counted(sql`${p.active}`),
      passiveTickets: counted(sql`not ${p.active}`),
      tickets: sql<number>`count(*)`.mapWith(Number),
      waitRating: counted(sql`${p.status} = 'nps'`),
      withoutRating: sql<number>`${unrated}`.mapWith(Number),
      withRating: sql<number>`${rated}`.mapWith(Number),
      rating: rounded(sql`avg(${p.rate})`),
      percRating: rounded(percentOf(rated, sql`${rated} + ${unrated}`)),
      npsScore: rounded(percentOf(sql`${promoters} - ${detractors}`, rated)),
      npsPromotersPerc: rounded(percentOf(promoters, rated)),
      npsPassivePerc: rounded(percentOf(sql`count(*) filter (where ${p.rate} between 7 and 8)`, rated)),
      npsDetractorsPerc: rounded(percentOf(detractors, rated)),
    })
    .from(p)
    .groupBy(sql`grouping sets ((${p.userId}), ())`);
};

export type DashboardFigures = Awaited<ReturnType<typeof dashboardFigures>>[number];

// A lead: a person (not a group) who became a contact of the company in the period.
export const countLeads = async (db: DbOrTx, companyId: number, period: Instants) => {
  const [row] = await db
    .select({ leads: count() })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.isGroup, false), gte(contacts.createdAt, period.from), lt(contacts.createdAt, period.to)));
  return row.leads;
};

// Every attendant of the company, by name: the dashboard's rows, with or without tickets.
export const companyAttendants = (db: DbOrTx, companyId: number) =>
  db.select({ id: users.id, name: users.name, online: users.online }).from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name), asc(users.id));

// 01-core §7 GET /dashboard/ticketsUsers: the period's tickets per attendant.
export const ticketsPerUser = (db: DbOrTx, companyId: number, period: Instants) =>
  db
    .select({ nome: users.name, quantidade: sql<number>`count(*)`.mapWith(Number) })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(createdIn(companyId, period))
    .groupBy(users.id, users.name)
    .orderBy(desc(sql`count(*)`), asc(users.name));

// 01-core §7 GET /dashboard/ticketsDay: the period's tickets per UTC day, or per hour of one day.
export const ticketsPerSlot = (db: DbOrTx, companyId: number, period: Instants, slot: 'day' | 'hour') => {
  const format = slot === 'day' ? 'YYYY-MM-DD' : 'HH24';
  const key = sql<string>`to_char(${tickets.createdAt} at time zone 'UTC', ${sql.raw(`'${format}'`)})`;
  return db
    .select({ key, total: sql<number>`count(*)`.mapWith(Number) })
    .from(tickets)
    .where(createdIn(companyId, period))
    .groupBy(key)
    .orderBy(asc(key));
};
