import { eq, sql } from 'drizzle-orm';
import { planFlags, type PlanFlags } from '@atende/shared/plans';
import type { WeekdaySchedule } from '@atende/shared/schedules';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { companies, plans } from '../../db/schema.ts';

export type CompanyWithPlan = {
  id: number;
  name: string;
  status: boolean;
  dueDate: string;
  plan: PlanFlags & { id: number | null; name: string; users: number; connections: number; queues: number };
};

const planColumns = Object.fromEntries(planFlags.map((flag) => [flag, plans[flag]])) as Record<
  keyof PlanFlags,
  (typeof plans)[keyof PlanFlags]
>;

export const findCompanyWithPlan = async (db: DbOrTx, companyId: number): Promise<CompanyWithPlan | undefined> => {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      status: companies.status,
      dueDate: companies.dueDate,
      planId: plans.id,
      planName: plans.name,
      users: plans.users,
      connections: plans.connections,
      queues: plans.queues,
      ...planColumns,
    })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return undefined;
  const flags = Object.fromEntries(planFlags.map((flag) => [flag, row[flag] ?? false])) as PlanFlags;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    dueDate: row.dueDate,
    plan: {
      id: row.planId,
      name: row.planName ?? '',
      users: row.users ?? 0,
      connections: row.connections ?? 0,
      queues: row.queues ?? 0,
      ...flags,
    },
  };
};

export const touchLastLogin = (db: DbOrTx, companyId: number) =>
  db.update(companies).set({ lastLogin: sql`now()` }).where(eq(companies.id, companyId));

export const findCompanySummary = async (db: DbOrTx, companyId: number) => {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, dueDate: companies.dueDate, planId: companies.planId, schedules: companies.schedules })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
};

export const updateCompanySchedules = async (db: DbOrTx, companyId: number, schedules: WeekdaySchedule[]) => {
  const [row] = await db
    .update(companies)
    .set({ schedules, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id, schedules: companies.schedules });
  return row;
};

// A paid invoice moves the due date: the row is locked so two payments move it one after the other.
export const lockCompanyBilling = async (tx: Tx, companyId: number) =>
  (
    await tx
      .select({ id: companies.id, dueDate: companies.dueDate, recurrence: companies.recurrence })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update')
  )[0];

export const setCompanyDueDate = (tx: Tx, companyId: number, dueDate: string) =>
  tx.update(companies).set({ dueDate, updatedAt: sql`now()` }).where(eq(companies.id, companyId));
