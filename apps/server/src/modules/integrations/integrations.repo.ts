import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { queueIntegrations } from '../../db/schema.ts';

export type IntegrationRow = typeof queueIntegrations.$inferSelect;
export type NewIntegration = Omit<typeof queueIntegrations.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

const integrationOfCompany = (companyId: number, integrationId?: number) =>
  and(eq(queueIntegrations.companyId, companyId), integrationId === undefined ? undefined : eq(queueIntegrations.id, integrationId));

export const listIntegrations = async (db: DbOrTx, companyId: number, filter: { search: string; limit: number; offset: number }) => {
  const where = and(integrationOfCompany(companyId), filter.search ? ilike(queueIntegrations.name, containsPattern(filter.search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(queueIntegrations).where(where).orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id)).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(queueIntegrations).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
};

export const findIntegration = async (db: DbOrTx, companyId: number, integrationId: number) => {
  const [row] = await db.select().from(queueIntegrations).where(integrationOfCompany(companyId, integrationId)).limit(1);
  return row;
};

export const insertIntegration = async (db: DbOrTx, companyId: number, values: NewIntegration) => {
  const [row] = await db.insert(queueIntegrations).values({ ...values, companyId }).returning();
  return row;
};

export const updateIntegration = async (db: DbOrTx, companyId: number, integrationId: number, values: Partial<NewIntegration>) => {
  const [row] = await db
    .update(queueIntegrations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(integrationOfCompany(companyId, integrationId))
    .returning();
  return row;
};

export const deleteIntegration = async (db: DbOrTx, companyId: number, integrationId: number) =>
  (await db.delete(queueIntegrations).where(integrationOfCompany(companyId, integrationId)).returning({ id: queueIntegrations.id })).length > 0;
