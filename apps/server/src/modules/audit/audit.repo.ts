// The audit log's rows (issue 38 point 6): written once, read by filters, deleted only by the
// retention prune. A company's reads are filtered by it; the super admin's read every company.
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilterQuery } from '@atende/shared/audit';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, companies } from '../../db/schema.ts';

export type AuditRow = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt' | 'actorLabel'>;
// the actor as named now: a label given by the caller, else the API key's or the user's name
export type ActorName = { label?: string; apiKeyId?: number; userId: number | null };

// The actor's label is read in the same statement, so the entry names the user or key as it was.
const actorLabel = ({ label, apiKeyId, userId }: ActorName) => {
  if (label) return sql`${label}`;
  if (apiKeyId !== undefined) return sql`coalesce((select 'API key ' || name from api_keys where id = ${apiKeyId}), 'API key')`;
  if (userId !== null) return sql`coalesce((select name || ' <' || email || '>' from users where id = ${userId}), '')`;
  return sql`'system'`;
};

export const insertAuditEntry = async (db: DbOrTx, row: AuditRow, actor: ActorName) => {
  await db.insert(auditLog).values({ ...row, actorLabel: actorLabel(actor) });
};

// companyId undefined: every company's entries and the platform's own (the super admin's read)
export type AuditReadFilter = AuditFilterQuery & { companyId?: number };

const DAY_MS = 24 * 3600 * 1000;

const conditionsOf = (filter: AuditReadFilter, before: number | undefined): SQL | undefined =>
  and(
    filter.companyId === undefined ? undefined : eq(auditLog.companyId, filter.companyId),
    before === undefined ? undefined : lt(auditLog.id, before),
    filter.dateFrom ? gte(auditLog.createdAt, new Date(`${filter.dateFrom}T00:00:00Z`)) : undefined,
    filter.dateTo ? lt(auditLog.createdAt, new Date(new Date(`${filter.dateTo}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
  );

// Newest first, `limit` entries with an id below `before` (keyset: a page costs the same however deep).
export const listAuditEntries = (db: DbOrTx, filter: AuditReadFilter, page: { before?: number; limit: number }) =>
  db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      companyId: auditLog.companyId,
      companyName: companies.name,
      actorUserId: auditLog.actorUserId,
      actorLabel: auditLog.actorLabel,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(conditionsOf(filter, page.before))
    .orderBy(desc(auditLog.id))
    .limit(page.limit);

export type AuditEntryRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

// The retention prune: at most `limit` entries made before `before`; answers how many went.
export const deleteAuditEntriesBefore = async (db: DbOrTx, before: Date, limit: number) =>
  (
    await db
      .delete(auditLog)
      .where(sql`${auditLog.id} in (select ${auditLog.id} from ${auditLog} where ${auditLog.createdAt} < ${before.toISOString()} limit ${limit})`)
      .returning({ id: auditLog.id })
  ).length;
