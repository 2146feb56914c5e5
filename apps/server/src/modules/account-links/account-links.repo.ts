import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema.ts';

export type NewAccountToken = Omit<typeof accountTokens.$inferInsert, 'id' | 'usedAt' | 'createdAt'>;

export const insertAccountToken = async (db: DbOrTx, values: NewAccountToken) => {
  await db.insert(accountTokens).values(values);
};

// A new link replaces the user's earlier unused ones of that purpose.
export const deleteUnusedAccountTokens = async (db: DbOrTx, userId: number, purpose: AccountTokenPurpose) => {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
};

const live = (purpose: AccountTokenPurpose, tokenHash: string, now: Date) =>
  and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now));

export const findLiveAccountToken = async (db: DbOrTx, purpose: AccountTokenPurpose, tokenHash: string, now: Date) => {
  const [row] = await db
    .select({ companyId: accountTokens.companyId, userId: accountTokens.userId })
    .from(accountTokens)
    .where(live(purpose, tokenHash, now))
    .limit(1);
  return row;
};

// One statement marks the token used only if it still is live, so two requests racing with one
// link cannot both get it.
export const claimAccountToken = async (db: DbOrTx, purpose: AccountTokenPurpose, tokenHash: string, now: Date) => {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(live(purpose, tokenHash, now))
    .returning({ companyId: accountTokens.companyId, userId: accountTokens.userId });
  return row;
};
