// The single-use links mailed to a user (issue 38: invitations, sign-up verification, password
// reset): a random token goes in the link, and only its SHA-256 is stored, so a copy of the
// database opens no account. 32 random bytes cannot be guessed, so a fast hash is enough.
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import type { AccountTokenPurpose } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { claimAccountToken, deleteUnusedAccountTokens, findLiveAccountToken, insertAccountToken } from './account-links.repo.ts';
import { sha256Hex } from '../../platform/sha256.ts';

export const hashLinkToken = sha256Hex;

// forged, used and expired links get the same answer: the link tells nothing more
export const invalidLink = () => new AppError('ERR_INVALID_TOKEN', 400);

type LinkOwner = { companyId: number; userId: number; purpose: AccountTokenPurpose };

// Stores a new link for the user, ending the earlier unused ones of that purpose, and answers the
// token to put in the mail.
export const issueAccountLink = async (db: DbOrTx, owner: LinkOwner, expiresAt: Date) => {
  const token = randomBytes(32).toString('base64url');
  await deleteUnusedAccountTokens(db, owner.userId, owner.purpose);
  await insertAccountToken(db, { ...owner, tokenHash: hashLinkToken(token), expiresAt });
  return token;
};

// The owner of a link still usable at now, without using it.
export const readAccountLink = async (db: DbOrTx, purpose: AccountTokenPurpose, token: string, now: Date) => {
  const owner = await findLiveAccountToken(db, purpose, hashLinkToken(token), now);
  if (!owner) throw invalidLink();
  return owner;
};

// Uses the link once: a second use, even at the same moment, is refused.
export const useAccountLink = async (db: DbOrTx, purpose: AccountTokenPurpose, token: string, now: Date) => {
  const owner = await claimAccountToken(db, purpose, hashLinkToken(token), now);
  if (!owner) throw invalidLink();
  return owner;
};
