// The tickets report (03-saas §2 Tickets report, §3 Report ticket row): filtered rows newest
// first, read a page at a time or in keyset batches for the export.
import { and, count, desc, eq, exists, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { WITHOUT_QUEUE, type ReportFilterQuery } from '@atende/shared/reports';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { connections, contacts, queues, tickets, userRatings, users } from '../../db/schema.ts';

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

// 'without queue' (value 0) is one more choice among the queues (02-operations §3).
const queueFilter = (queueIds: number[]) => {
  const ids = queueIds.filter((id) => id !== WITHOUT_QUEUE);
  const choices = [queueIds.includes(WITHOUT_QUEUE) ? isNull(tickets.queueId) : undefined, ids.length ? inArray(tickets.queueId, ids) : undefined];
  return or(...choices.filter((choice): choice is SQL => choice !== undefined)) ?? sql`false`;
};

const searchFilter = (search: string) => {
  const digits = search.replace(/\D/g, '');
  const byName = ilike(contacts.name, containsPattern(search));
  return digits ? or(byName, ilike(contacts.number, `%${digits}%`)) : byName;
};

const reportWhere = (db: DbOrTx, companyId: number, filter: ReportFilterQuery) =>
  and(
    eq(tickets.companyId, companyId),
    filter.searchParam.trim() ? searchFilter(filter.searchParam.trim()) : undefined,
    filter.contactId ? eq(tickets.contactId, filter.contactId) : undefined,
    filter.whatsappId?.length ? inArray(tickets.whatsappId, filter.whatsappId) : undefined,
    filter.users?.length ? inArray(tickets.userId, filter.users) : undefined,
    filter.queueIds?.length ? queueFilter(filter.queueIds) : undefined,
    filter.status?.length ? inArray(tickets.status, filter.status) : undefined,
    filter.dateFrom ? gte(tickets.createdAt, dayStart(filter.dateFrom)) : undefined,
    filter.dateTo ? lt(tickets.createdAt, dayAfter(filter.dateTo)) : undefined,
    filter.onlyRated ? exists(db.select({ rated: sql`1` }).from(userRatings).where(eq(userRatings.ticketId, tickets.id))) : undefined,
  );

const reportColumns = {
  id: tickets.id,
  uuid: tickets.uuid,
  whatsappName: connections.name,
  contactName: contacts.name,
  userName: users.name,
  queueName: queues.name,
  status: tickets.status,
  lastMessage: tickets.lastMessage,
  createdAt: tickets.createdAt,
  closedAt: tickets.closedAt,
  supportTime: sql<number | null>`round((extract(epoch from (${tickets.closedAt} - ${tickets.createdAt})) / 60)::numeric, 2)`.mapWith((value) =>
    value === null ? null : Number(value),
  ),
  NPS: userRatings.rate,
};

export type ReportRowData = {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string;
  userName: string | null;
  queueName: string | null;
  status: (typeof tickets.$inferSelect)['status'];
  lastMessage: string;
  createdAt: Date;
  closedAt: Date | null;
  supportTime: number | null;
  NPS: number | null;
};

// Where a batch resumes: after the last row of the previous one, in the report's order.
export type ReportCursor = { createdAt: Date; id: number };

// async: a plain promise that runs its statement once, however often it is awaited (the export
// reads ahead; a Drizzle query runs again on every `then`).
export const reportRows = async (
  db: DbOrTx,
  companyId: number,
  filter: ReportFilterQuery,
  window: { limit: number; offset?: number; after?: ReportCursor },
): Promise<ReportRowData[]> => {
  const after = window.after ? sql`(${tickets.createdAt}, ${tickets.id}) < (${window.after.createdAt.toISOString()}::timestamptz, ${window.after.id})` : undefined;
  return db
    .select(reportColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(userRatings, eq(userRatings.ticketId, tickets.id))
    .where(and(reportWhere(db, companyId, filter), after))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(window.limit)
    .offset(window.offset ?? 0);
};

// Counted on the tickets alone (every ticket has its contact, and one rating at most), joining the
// contacts only for a search: the total is read with every page, over all of a tenant's tickets.
export const countReportRows = async (db: DbOrTx, companyId: number, filter: ReportFilterQuery) => {
  const counting = db.select({ total: count() }).from(tickets);
  const where = reportWhere(db, companyId, filter);
  const [row] = await (filter.searchParam.trim() ? counting.innerJoin(contacts, eq(contacts.id, tickets.contactId)).where(where) : counting.where(where));
  return row.total;
};
