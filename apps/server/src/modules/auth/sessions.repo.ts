import { and, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema.ts';

// Sign-ins of one user change one at a time: a sign-in ending the others, and a refresh adding a
// token to its family, would otherwise each miss what the other has not committed yet.
export const lockUserSessions = (tx: Tx, userId: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

// A user of any company, for the super admin's offboarding, which is not bound to its own company.
export const findUserOfAnyCompany = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select({ id: users.id, companyId: users.companyId, super: users.super }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
};

export const insertRefreshToken = (db: DbOrTx, row: typeof refreshTokens.$inferInsert) => db.insert(refreshTokens).values(row);

export const findRefreshToken = async (db: DbOrTx, tokenId: string) => {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, tokenId)).limit(1);
  return row;
};

// Marks the token rotated only if nobody else did first; the loser of a race sees a reuse.
export const claimRefreshToken = async (db: DbOrTx, tokenId: string) => {
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length > 0;
};

export const revokeFamily = (db: DbOrTx, familyId: string) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

// Revokes the live tokens that match and answers the families (sign-ins) they ended.
const revokeFamiliesWhere = async (db: DbOrTx, which: SQL | undefined) => {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(ended.map((row) => row.familyId))];
};

// Ends every sign-in of the user except the one named (a newer sign-in, or a password change,
// keeps its own) and answers the families it ended.
export const revokeOtherFamilies = (db: DbOrTx, userId: number, keepFamilyId: string) =>
  revokeFamiliesWhere(db, and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId)));

// The user's open sign-ins: families whose newest token is neither rotated, revoked nor expired,
// with that token's device and address (the last refresh's) and its creation (the last use).
export const listOpenSessions = (db: DbOrTx, companyId: number, userId: number) =>
  db
    .selectDistinctOn([refreshTokens.familyId], {
      id: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
      signedInAt: refreshTokens.signedInAt,
      lastUsedAt: refreshTokens.createdAt,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.companyId, companyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(refreshTokens.familyId, desc(refreshTokens.createdAt));

// Ends the named sign-ins of one user; answers those that were still open.
export const revokeFamiliesOf = async (db: DbOrTx, companyId: number, userId: number, familyIds: string[]) =>
  familyIds.length === 0
    ? []
    : revokeFamiliesWhere(db, and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.userId, userId), inArray(refreshTokens.familyId, familyIds)));

// Ends every sign-in of the user (an admin's offboarding) and answers the families it ended.
export const revokeAllFamilies = (db: DbOrTx, companyId: number, userId: number) =>
  revokeFamiliesWhere(db, and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.userId, userId)));

export const deleteExpiredRefreshTokens = (db: DbOrTx) =>
  db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
