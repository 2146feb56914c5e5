// The dashboard's figures as SQL aggregates over the period's tickets (01-core §3 Dashboard
// counters and attendant row); docs/dashboard-reports.md defines each one.
import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts, ticketLogs, tickets, userRatings, users } from '../../db/schema.ts';

// [from, to): the period's first instant and the instant after its last day (period.rules.ts)
export type Instants = { from: Date; to: Date };

const createdIn = (companyId: number, period: Instants) =>
  and(eq(tickets.companyId, companyId), gte(tickets.createdAt, period.from), lt(tickets.createdAt, period.to));

// One row per ticket created in the period, with what the figures need: when an attendant first
// took it (its first `open` log entry), whether the company started it, and its rating.
const periodTickets = (db: DbOrTx, companyId: number, period: Instants) =>
  db
    .select({
      id: tickets.id,
      status: tickets.status,
      isGroup: tickets.isGroup,
      userId: tickets.userId,
      createdAt: tickets.createdAt,
      closedAt: tickets.closedAt,
      firstOpenAt: sql<Date | null>`(select min(${ticketLogs.createdAt}) from ${ticketLogs} where ${ticketLogs.ticketId} = ${tickets.id} and ${ticketLogs.type} = 'open')`.as(
        'first_open_at',
      ),
      active: sql<boolean>`(not ${tickets.isTransfered} and exists (select 1 from ${ticketLogs} where ${ticketLogs.ticketId} = ${tickets.id} and ${ticketLogs.type} = 'create' and ${ticketLogs.userId} is not null))`.as(
        'active',
      ),
      rate: userRatings.rate,
    })
    .from(tickets)
    .leftJoin(userRatings, eq(userRatings.ticketId, tickets.id))
    .where(createdIn(companyId, period))
    .as('period_tickets');

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

export const dashboardCounters = async (db: DbOrTx, companyId: number, period: Instants) => {
  const p = periodTickets(db, companyId, period);
  const rated = sql`count(${p.rate})`;
  const promoters = sql`count(*) filter (where ${p.rate} >= 9)`;
  const detractors = sql`count(*) filter (where ${p.rate} <= 6)`;
  const [row] = await db
    .select({
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
      withoutRating: counted(sql`${p.status} = 'closed' and not ${p.isGroup} and ${p.rate} is null`),
      withRating: sql<number>`${rated}`.mapWith(Number),
      percRating: rounded(percentOf(rated, sql`${rated} + count(*) filter (where ${p.status} = 'closed' and not ${p.isGroup} and ${p.rate} is null)`)),
      npsScore: rounded(percentOf(sql`${promoters} - ${detractors}`, rated)),
      npsPromotersPerc: rounded(percentOf(promoters, rated)),
      npsPassivePerc: rounded(percentOf(sql`count(*) filter (where ${p.rate} between 7 and 8)`, rated)),
      npsDetractorsPerc: rounded(percentOf(detractors, rated)),
    })
    .from(p);
  return row;
};

// A lead: a person (not a group) who became a contact of the company in the period.
export const countLeads = async (db: DbOrTx, companyId: number, period: Instants) => {
  const [row] = await db
    .select({ leads: count() })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.isGroup, false), gte(contacts.createdAt, period.from), lt(contacts.createdAt, period.to)));
  return row.leads;
};

// Every attendant of the company, with the period's figures of the tickets it holds.
export const attendantRows = async (db: DbOrTx, companyId: number, period: Instants) => {
  const p = periodTickets(db, companyId, period);
  const perUser = db
    .select({
      userId: p.userId,
      tickets: sql<number>`count(*)`.as('tickets'),
      countRating: sql<number>`count(${p.rate})`.as('count_rating'),
      rating: sql<number>`round(avg(${p.rate})::numeric, 2)`.as('rating'),
      avgWaitTime: sql<number>`round(avg(${waitMinutes(p)})::numeric, 2)`.as('avg_wait_time'),
      avgSupportTime: sql<number>`round(avg(${supportMinutes(p)})::numeric, 2)`.as('avg_support_time'),
    })
    .from(p)
    .where(isNotNull(p.userId))
    .groupBy(p.userId)
    .as('per_user');
  return db
    .select({
      id: users.id,
      name: users.name,
      online: users.online,
      tickets: sql<number>`coalesce(${perUser.tickets}, 0)`.mapWith(Number),
      countRating: sql<number>`coalesce(${perUser.countRating}, 0)`.mapWith(Number),
      rating: sql<number>`coalesce(${perUser.rating}, 0)`.mapWith(Number),
      avgWaitTime: sql<number>`coalesce(${perUser.avgWaitTime}, 0)`.mapWith(Number),
      avgSupportTime: sql<number>`coalesce(${perUser.avgSupportTime}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(perUser, eq(perUser.userId, users.id))
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
};

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
