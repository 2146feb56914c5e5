// Two-factor state of a user (issue 38 point 4): the sealed TOTP secret on the user row and the
// hashed recovery codes. Each acceptance of a code is one conditional UPDATE, so of two requests
// with the same code only one wins.
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema.ts';

const ofUser = (companyId: number, userId: number) => and(eq(users.companyId, companyId), eq(users.id, userId));
// no step accepted yet, or an older one: a code is accepted once, and never one older than the last
const stepIsNew = (step: number) => or(isNull(users.totpLastStep), lt(users.totpLastStep, step));

// A new secret waiting for its first code; a user whose two-factor sign-in is on keeps theirs.
export const storePendingSecret = async (db: DbOrTx, companyId: number, userId: number, sealedSecret: string) => {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealedSecret, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(ofUser(companyId, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
};

// The first code turns it on, and its step counts as used.
export const enableTwoFactor = async (db: DbOrTx, companyId: number, userId: number, step: number) => {
  const rows = await db
    .update(users)
    .set({ totpEnabledAt: sql`now()`, totpLastStep: step, updatedAt: sql`now()` })
    .where(and(ofUser(companyId, userId), isNull(users.totpEnabledAt), isNotNull(users.totpSecret), stepIsNew(step)))
    .returning({ id: users.id });
  return rows.length > 0;
};

export const claimTotpStep = async (db: DbOrTx, companyId: number, userId: number, step: number) => {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(ofUser(companyId, userId), isNotNull(users.totpEnabledAt), stepIsNew(step)))
    .returning({ id: users.id });
  return rows.length > 0;
};

// Turns it off and forgets the secret. companyId null: any company's user (the super admin);
// withSuper false: not a super user (an admin resets only its company's ordinary accounts).
// Answers the user's company, or undefined when no such user.
export const clearTwoFactor = async (db: DbOrTx, userId: number, scope: { companyId: number | null; withSuper: boolean }) => {
  const [row] = await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        scope.companyId === null ? undefined : eq(users.companyId, scope.companyId),
        scope.withSuper ? undefined : eq(users.super, false),
      ),
    )
    .returning({ companyId: users.companyId });
  if (row) await db.delete(recoveryCodes).where(and(eq(recoveryCodes.companyId, row.companyId), eq(recoveryCodes.userId, userId)));
  return row;
};

export const replaceRecoveryCodes = async (db: DbOrTx, companyId: number, userId: number, codeHashes: string[]) => {
  await db.delete(recoveryCodes).where(and(eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.userId, userId)));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ companyId, userId, codeHash })));
};

export const claimRecoveryCode = async (db: DbOrTx, companyId: number, userId: number, codeHash: string) => {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
};
