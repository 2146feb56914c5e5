import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema.ts';

// Sign-ins of one user change one at a time: a sign-in ending the others, and a refresh adding a
// token to its family, would otherwise each miss what the other has not committed yet.
export const lockUserSessions = (tx: Tx, userId: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

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

// Ends every sign-in of the user except the one named (a newer sign-in, or a password change,
// keeps its own) and answers the families it ended.
export const revokeOtherFamilies = async (db: DbOrTx, userId: number, keepFamilyId: string) => {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(ended.map((row) => row.familyId))];
};

export const deleteExpiredRefreshTokens = (db: DbOrTx) =>
  db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
