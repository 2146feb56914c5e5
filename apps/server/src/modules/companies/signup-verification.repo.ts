import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';

// The sign-up awaiting verification that holds this email, if any: its company and admin.
export const findUnverifiedSignup = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({ companyId: companies.id, companyName: companies.name, userId: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(companies.awaitingVerification, true)))
    .limit(1);
  return row;
};

export const markCompanyVerified = async (db: DbOrTx, companyId: number) =>
  (
    await db
      .update(companies)
      .set({ awaitingVerification: false, updatedAt: sql`now()` })
      .where(and(eq(companies.id, companyId), eq(companies.awaitingVerification, true)))
      .returning({ id: companies.id })
  ).length > 0;

// Sign-ups still unverified that were made before `before`, oldest first.
export const listUnverifiedCompaniesBefore = (db: DbOrTx, before: Date, limit: number) =>
  db
    .select({ id: companies.id, name: companies.name, email: companies.email })
    .from(companies)
    .where(and(eq(companies.awaitingVerification, true), lt(companies.createdAt, before)))
    .orderBy(asc(companies.id))
    .limit(limit);

// Locks the company while it still awaits verification, so a verification at the same moment
// either comes first (and the company stays) or waits for the removal.
export const lockUnverifiedCompany = async (db: DbOrTx, companyId: number) =>
  (
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.awaitingVerification, true)))
      .for('update')
  ).length > 0;
