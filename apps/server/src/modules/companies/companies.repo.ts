import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { planFlags, type PlanFlags } from '@atende/shared/plans';
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { companies, jobs, plans, users } from '../../db/schema.ts';

export type CompanyWithPlan = {
  id: number;
  name: string;
  status: boolean;
  dueDate: string;
  // a public sign-up whose email is not verified yet cannot be signed in to (issue 38 point 3)
  awaitingVerification: boolean;
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
      awaitingVerification: companies.awaitingVerification,
      planId: plans.id,
      planName: plans.name,
      users: sql<number | null>`coalesce(${companies.customUsers}, ${plans.users})`,
      connections: sql<number | null>`coalesce(${companies.customConnections}, ${plans.connections})`,
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
    awaitingVerification: row.awaitingVerification,
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

export const updateCompanySchedules = async (db: DbOrTx, companyId: number, schedules: WeekdayServiceHours[]) => {
  const [row] = await db
    .update(companies)
    .set({ schedules, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id, schedules: companies.schedules });
  return row;
};

// The super admin's reads and writes below reach every company: companies are the tenants
// themselves, so the company id is the row's own id.
export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type CompanyWithPlanName = CompanyRow & { plan: { id: number; name: string; amount: string } | null };

const withPlan = { company: companies, plan: { id: plans.id, name: plans.name, amount: plans.amount } };
const joined = (rows: { company: CompanyRow; plan: { id: number; name: string; amount: string } | null }[]): CompanyWithPlanName[] =>
  rows.map((row) => ({ ...row.company, plan: row.plan }));

export const listCompanies = async (db: DbOrTx) =>
  joined(await db.select(withPlan).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).orderBy(asc(companies.id)));

export const pageCompanies = async (db: DbOrTx, page: { search: string; limit: number; offset: number }) => {
  const pattern = containsPattern(page.search);
  const matches = page.search
    ? or(ilike(companies.name, pattern), ilike(companies.email, pattern), ilike(companies.document, pattern))
    : undefined;
  return joined(
    await db
      .select(withPlan)
      .from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(matches)
      .orderBy(asc(companies.id))
      .limit(page.limit)
      .offset(page.offset),
  );
};

export const listCompanyOptions = (db: DbOrTx) =>
  db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.name));

export const findCompany = async (db: DbOrTx, companyId: number) =>
  joined(await db.select(withPlan).from(companies).leftJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId)))[0];

export const insertCompany = async (db: DbOrTx, values: NewCompany) => (await db.insert(companies).values(values).returning())[0];

export const updateCompany = async (db: DbOrTx, companyId: number, values: Partial<NewCompany>) =>
  (
    await db
      .update(companies)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id })
  )[0];

// Every tenant table cascades from companies, so one delete removes all of the company's rows.
// The company's jobs go first: a job running for it holds its job row and then writes the company
// row, so taking the company row first and the job rows through the cascade could deadlock with it.
export const deleteCompany = async (tx: Tx, companyId: number) => {
  await tx.delete(jobs).where(eq(jobs.companyId, companyId));
  return (await tx.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id })).length > 0;
};

export const saveFolderStats = async (db: DbOrTx, companyId: number, stats: { size: number; files: number; lastModified: Date | null }) =>
  (
    await db
      .update(companies)
      .set({ folderSize: stats.size, numberFileFolder: stats.files, updatedAtFolder: stats.lastModified })
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id })
  ).length > 0;

export type CompanyAdmin = Pick<typeof users.$inferInsert, 'name' | 'email' | 'passwordHash' | 'super' | 'mustChangePassword'>;

// A company's first admin sees and may do everything in its company.
export const insertCompanyAdmin = async (db: DbOrTx, companyId: number, admin: CompanyAdmin) =>
  (
    await db
      .insert(users)
      .values({
        ...admin,
        companyId,
        profile: 'admin',
        allTicket: 'enabled',
        allowGroup: 'enabled',
        allHistoric: 'enabled',
        allUserChat: 'enabled',
        showDashboard: 'enabled',
        allowRealTime: 'enabled',
        allowConnections: 'enabled',
      })
      .returning({ id: users.id })
  )[0];
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

export const setCompanyCustomLimits = (tx: Tx, companyId: number, limits: { customUsers: number | null; customConnections: number | null }) =>
  tx.update(companies).set({ ...limits, updatedAt: sql`now()` }).where(eq(companies.id, companyId));
