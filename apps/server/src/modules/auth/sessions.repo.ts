import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';

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

// Ends every sign-in of the user except the one named (a password change keeps the caller's).
export const revokeOtherFamilies = (db: DbOrTx, userId: number, keepFamilyId: string) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId), isNull(refreshTokens.revokedAt)));

export const deleteExpiredRefreshTokens = (db: DbOrTx) =>
  db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
