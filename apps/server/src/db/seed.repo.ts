// The seed's own reads and writes (seed.ts): what a first start creates and what later starts find.
import { eq } from 'drizzle-orm';
import { globalSettingDefaults } from '@atende/shared/settings';
import type { Tx } from './client.ts';
import { companies, globalSettings, plans, users } from './schema.ts';

export const insertGlobalSettingDefaults = (tx: Tx) =>
  tx
    .insert(globalSettings)
    .values(Object.entries(globalSettingDefaults).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();

export const findSeeded = async (tx: Tx) => {
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  const [superUser] = await tx.select({ id: users.id }).from(users).where(eq(users.super, true)).limit(1);
  return { companyId: company?.id, hasSuperUser: superUser !== undefined };
};

export const insertPlanIfMissing = async (tx: Tx, plan: typeof plans.$inferInsert) =>
  (await tx.insert(plans).values(plan).onConflictDoNothing().returning({ id: plans.id }))[0]?.id;

// an explicit company id leaves the serial sequence behind; move it past
export const advanceCompanySequence = (tx: Tx) =>
  tx.execute(`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`);
