// Access tokens (short-lived, HS256) and refresh tokens (signed with their own secret, state kept
// in the refresh_tokens table). Only HS256 is accepted, so 'alg: none' and foreign keys fail.
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.ts';

export type AccessClaims = { userId: number; companyId: number; sessionId: string };
export type RefreshClaims = { tokenId: string; familyId: string; userId: number };

export type TokenService = ReturnType<typeof createTokenService>;

const sessionExpired = () => new AppError('ERR_SESSION_EXPIRED', 403);

// The session id is the sign-in's refresh-token family, a uuid column: anything else is no session.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const createTokenService = (options: {
  accessSecret: string;
  refreshSecret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}) => {
  const accessKey = new TextEncoder().encode(options.accessSecret);
  const refreshKey = new TextEncoder().encode(options.refreshSecret);

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
      try {
        const { payload } = await jwtVerify(token, accessKey, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.cid !== 'number' || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) {
          throw sessionExpired();
        }
        return { userId, companyId: payload.cid, sessionId: payload.sid };
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
