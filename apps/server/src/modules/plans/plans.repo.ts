// Plans are the platform's, not a tenant's: they carry no company id (03-saas §3 Plan).
import { asc, count, eq, sql } from 'drizzle-orm';
import type { PlanBody, PlanUpdateBody } from '@atende/shared/plans';
import type { DbOrTx } from '../../db/client.ts';
import { companies, plans } from '../../db/schema.ts';

export type PlanRow = typeof plans.$inferSelect;

// amount is numeric: the driver hands it over as text and takes it back as text
const stored = ({ value, amount, ...body }: PlanUpdateBody) => {
  const price = amount ?? value;
  return { ...body, amount: price === undefined ? undefined : String(price) };
};

export const listPlans = (db: DbOrTx, options: { publicOnly: boolean }) =>
  db
    .select()
    .from(plans)
    .where(options.publicOnly ? eq(plans.isPublic, true) : undefined)
    .orderBy(asc(plans.id));

export const findPlan = async (db: DbOrTx, planId: number) => (await db.select().from(plans).where(eq(plans.id, planId)))[0];

export const insertPlan = async (db: DbOrTx, body: PlanBody) => (await db.insert(plans).values({ ...stored(body), name: body.name }).returning())[0];

export const updatePlan = async (db: DbOrTx, planId: number, body: PlanUpdateBody) =>
  (
    await db
      .update(plans)
      .set({ ...stored(body), updatedAt: sql`now()` })
      .where(eq(plans.id, planId))
      .returning()
  )[0];

export const deletePlan = async (db: DbOrTx, planId: number) =>
  (await db.delete(plans).where(eq(plans.id, planId)).returning({ id: plans.id })).length > 0;

export const countCompaniesOnPlan = async (db: DbOrTx, planId: number) =>
  (await db.select({ value: count() }).from(companies).where(eq(companies.planId, planId)))[0]?.value ?? 0;
