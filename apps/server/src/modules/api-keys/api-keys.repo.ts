// A company's API keys (issue 37 point 2). Every read of one company's keys is filtered by it; the
// super admin's reads of every company are the two functions named so.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys, companies, users } from '../../db/schema.ts';

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdAt: apiKeys.createdAt,
  userId: apiKeys.userId,
  userName: users.name,
  companyId: apiKeys.companyId,
  companyName: companies.name,
};

const keysWithOwners = (db: DbOrTx) =>
  db
    .select(keyColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(companies, eq(companies.id, apiKeys.companyId));

export type ApiKeyRow = Awaited<ReturnType<ReturnType<typeof keysWithOwners>['execute']>>[number];

export const listApiKeys = (db: DbOrTx, companyId: number) => keysWithOwners(db).where(eq(apiKeys.companyId, companyId)).orderBy(desc(apiKeys.id));

export const findApiKey = async (db: DbOrTx, companyId: number, apiKeyId: number) => {
  const [row] = await keysWithOwners(db).where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, apiKeyId))).limit(1);
  return row;
};

export const insertApiKey = async (
  db: DbOrTx,
  companyId: number,
  values: { userId: number; name: string; prefix: string; keyHash: string; scopes: string[]; expiresAt: Date | null },
) => {
  const [row] = await db.insert(apiKeys).values({ ...values, companyId }).returning({ id: apiKeys.id });
  return row.id;
};

// Revoking twice keeps the first time.
export const revokeApiKey = async (db: DbOrTx, companyId: number, apiKeyId: number) => {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, apiKeyId), isNull(apiKeys.revokedAt)));
};

export const listEveryCompanysApiKeys = (db: DbOrTx, filter: { companyId?: number; limit: number; offset: number }) =>
  keysWithOwners(db)
    .where(filter.companyId === undefined ? undefined : eq(apiKeys.companyId, filter.companyId))
    .orderBy(desc(apiKeys.id))
    .limit(filter.limit)
    .offset(filter.offset);

export const companyOfApiKey = async (db: DbOrTx, apiKeyId: number) => {
  const [row] = await db.select({ companyId: apiKeys.companyId }).from(apiKeys).where(eq(apiKeys.id, apiKeyId)).limit(1);
  return row?.companyId;
};
