// Access tokens (short-lived, HS256) and refresh tokens (signed with their own secret, state kept
// in the refresh_tokens table). Only HS256 is accepted, so 'alg: none' and foreign keys fail.
// Known-browser tokens say that a browser signed an account in before (login-attempts.ts).
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.ts';

export type AccessClaims = { userId: number; companyId: number; sessionId: string };
export type RefreshClaims = { tokenId: string; familyId: string; userId: number };

export type TokenService = ReturnType<typeof createTokenService>;

const sessionExpired = () => new AppError('ERR_SESSION_EXPIRED', 403);

// The session id is the sign-in's refresh-token family, a uuid column: anything else is no session.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// At most this many access tokens have their checked claims kept (about 300 bytes each).
const VERIFIED_ACCESS_KEPT = 10_000;

// A known-browser token names its account by a digest, so the cookie does not carry the email, and
// has an audience of its own, so it cannot pass for a refresh token (no jti, no family) nor one for it.
const KNOWN_BROWSER_AUDIENCE = 'known-browser';
const accountDigest = (account: string) => createHash('sha256').update(account).digest('base64url');
export const KNOWN_BROWSER_TTL_SECONDS = 180 * 86_400;

// A two-factor challenge (issue 38 point 4) proves the password was right a few minutes ago; its
// own audience keeps it from passing for any other token of ours.
const TWO_FACTOR_AUDIENCE = 'two-factor';
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
export type TwoFactorChallengeClaims = { userId: number; companyId: number };

export const createTokenService = (options: {
  accessSecret: string;
  refreshSecret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}) => {
  const accessKey = new TextEncoder().encode(options.accessSecret);
  const refreshKey = new TextEncoder().encode(options.refreshSecret);

  // An access token's signature is checked once in this process and its claims kept until it
  // expires: a client sends the same token with every request for its whole life, and checking the
  // HMAC (WebCrypto) each time was about 5 % of the server's CPU under load. Whether the sign-in
  // is still alive is read on every request all the same (access.ts).
  const verifiedAccess = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAt: number) => {
    // the oldest entry goes first (a Map keeps insertion order)
    if (verifiedAccess.size >= VERIFIED_ACCESS_KEPT) verifiedAccess.delete(verifiedAccess.keys().next().value as string);
    verifiedAccess.set(token, { claims, expiresAt });
  };

  return {
    refreshTtlSeconds: options.refreshTtlSeconds,

    signAccess: (claims: AccessClaims) =>
      new SignJWT({ cid: claims.companyId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${options.accessTtlSeconds}s`)
        .sign(accessKey),

    verifyAccess: async (token: string): Promise<AccessClaims> => {
      const known = verifiedAccess.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims;
        verifiedAccess.delete(token);
        throw sessionExpired();
      }
      try {
        const { payload } = await jwtVerify(token, accessKey, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.cid !== 'number' || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) {
          throw sessionExpired();
        }
        const claims = { userId, companyId: payload.cid, sessionId: payload.sid };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return claims;
      } catch {
        throw sessionExpired();
      }
    },

    signRefresh: (claims: RefreshClaims) =>
      new SignJWT({ fam: claims.familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setJti(claims.tokenId)
        .setIssuedAt()
        .setExpirationTime(`${options.refreshTtlSeconds}s`)
        .sign(refreshKey),

    // account: the account's key (accountKey in login-attempts.ts)
    signKnownBrowser: (account: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(KNOWN_BROWSER_AUDIENCE)
        .setSubject(accountDigest(account))
        .setIssuedAt()
        .setExpirationTime(`${KNOWN_BROWSER_TTL_SECONDS}s`)
        .sign(refreshKey),

    isKnownBrowser: async (token: string | undefined, account: string) => {
      if (!token) return false;
      try {
        await jwtVerify(token, refreshKey, { algorithms: ['HS256'], audience: KNOWN_BROWSER_AUDIENCE, subject: accountDigest(account) });
        return true;
      } catch {
        return false;
      }
    },

    signTwoFactorChallenge: (claims: TwoFactorChallengeClaims) =>
      new SignJWT({ cid: claims.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(TWO_FACTOR_AUDIENCE)
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${TWO_FACTOR_CHALLENGE_TTL_SECONDS}s`)
        .sign(refreshKey),

    // Answers null for a forged, foreign or expired challenge.
    verifyTwoFactorChallenge: async (token: string): Promise<TwoFactorChallengeClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, refreshKey, { algorithms: ['HS256'], audience: TWO_FACTOR_AUDIENCE });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.cid !== 'number') return null;
        return { userId, companyId: payload.cid };
      } catch {
        return null;
      }
    },

    // Answers null for anything that is not a valid refresh token of ours.
    verifyRefresh: async (token: string): Promise<RefreshClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, refreshKey, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!payload.jti || typeof payload.fam !== 'string' || !Number.isInteger(userId)) return null;
        return { tokenId: payload.jti, familyId: payload.fam, userId };
      } catch {
        return null;
      }
    },
  };
};
