// Sign-in, token refresh with rotation, sign-out and the session's user (01-core §4 Session).
import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { effectiveDueDate, isOverdue } from '@atende/shared/due-date';
import { can } from '@atende/shared/permissions';
import type { LoginBody, PasswordChangeBody, TwoFactorChallenge } from '@atende/shared/auth';
import type { SessionAnswer, SessionUser } from '@atende/shared/users';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { findTwoFactorRequirement } from '../../platform/access.repo.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { accountKey, type LoginAttempts, type LoginClient } from '../../platform/login-attempts.ts';
import type { Storage } from '../../platform/storage.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { findCompanyWithPlan, touchLastLogin, type CompanyWithPlan } from '../companies/companies.repo.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { loadUserView } from '../users/user-views.repo.ts';
import { findUser, findUserByEmail, updateUser, type UserRow } from '../users/users.repo.ts';
import { hashPassword } from '../users/users.service.ts';
import { recordAudit, type AuditActor } from '../audit/audit.steps.ts';
import { checkPassword } from './password-check.ts';
import type { SignInFactor, TwoFactorService } from '../two-factor/two-factor.service.ts';
import * as sessions from './sessions.repo.ts';
import { tellEndedSessions } from './sessions.events.ts';
import { openSession, sessionDevice, type SessionDevice } from './sessions.steps.ts';

// twoFactor: the sign-in's second step asks it whether a code is right (issue 38 point 4)
type Deps = { db: Db; bus: EventBus; tokens: TokenService; loginAttempts: LoginAttempts; storage: Storage; twoFactor: Pick<TwoFactorService, 'acceptSignInFactor'> };

// overdueDueDate: the company is overdue and this is its admin, whose sign-in reaches only the
// invoices until they are paid (01-core §4 Session, docs/billing.md)
export type IssuedSession = SessionAnswer & { refreshToken: string; overdueDueDate?: string };
// a sign-in also hands its browser a token that makes it a known client of the account
export type SignedIn = IssuedSession & { knownBrowserToken: string };
// who signs in: the client's address and User-Agent, and the known-browser token its cookie carries
export type LoginCaller = { ip: string; userAgent?: string; knownBrowserToken?: string };
// who refreshes: the sign-in's device and address as of its last use (issue 38 point 5)
export type RefreshCaller = { ip: string; userAgent?: string };

const invalidCredentials = () => new AppError('ERR_INVALID_CREDENTIALS', 401);
const sessionEnded = () => new AppError('ERR_SESSION_EXPIRED', 401);

// A hash of a random password: unknown emails cost the same time as wrong passwords.
const DECOY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$I1oJXf7RCCdF1wPCrHhMbw$j50xptn60DBkxLBBki3e/VFeioeuw0suCbsBD00k9gk';

const CONCURRENT_REFRESH_GRACE_MS = 10_000;

const today = () => new Date().toISOString().slice(0, 10);

export const createAuthService = ({ db, bus, tokens, loginAttempts, storage, twoFactor }: Deps) => {
  const sessionUser = async (row: UserRow, company: CompanyWithPlan): Promise<SessionUser> => {
    const [view, settings, twoFactorRequirement] = await Promise.all([
      loadUserView(db, storage, row),
      readCompanySettings(db, company.id),
      findTwoFactorRequirement(db, row.companyId, row.id),
    ]);
    const { id, name, plan } = company;
    return {
      ...view,
      company: { id, name, dueDate: effectiveDueDate(company.id, company.dueDate), plan, settings },
      mustChangePassword: row.mustChangePassword,
      mustEnrollTwoFactor: twoFactorRequirement.mustEnroll,
    };
  };

  // a sign-in's next refresh token, stored by the caller's transaction before it is signed; it
  // carries the sign-in's start and the device and address of this use
  const nextRefreshToken = (row: UserRow, familyId: string, device: SessionDevice, signedInAt: Date) => ({
    id: randomUUID(),
    familyId,
    userId: row.id,
    companyId: row.companyId,
    expiresAt: new Date(Date.now() + tokens.refreshTtlSeconds * 1000),
    ...device,
    signedInAt,
  });

  const signSession = async (row: UserRow, company: CompanyWithPlan, stored: { id: string; familyId: string }): Promise<IssuedSession> => {
    const [token, refreshToken, user] = await Promise.all([
      tokens.signAccess({ userId: row.id, companyId: row.companyId, sessionId: stored.familyId }),
      tokens.signRefresh({ tokenId: stored.id, familyId: stored.familyId, userId: row.id }),
      sessionUser(row, company),
    ]);
    return { token, refreshToken, sessionId: stored.familyId, user };
  };

  // the family's refresh tokens are revoked, which also ends its access tokens (platform/access.ts)
  // and its open sockets
  const endSession = async (familyId: string) => {
    await sessions.revokeFamily(db, familyId);
    bus.endSession(familyId);
  };

  const activeCompany = async (companyId: number) => {
    const company = await findCompanyWithPlan(db, companyId);
    if (!company || !company.status) throw invalidCredentials();
    // a public sign-up is used once its email is verified (issue 38 point 3)
    if (company.awaitingVerification) throw new AppError('ERR_EMAIL_NOT_VERIFIED', 403);
    return company;
  };

  // The session of a sign-in whose factors were all right (the password, and the second factor
  // where it is on): the login's and its two-factor step's.
  const issueSession = async (row: UserRow, company: CompanyWithPlan, client: LoginClient, caller: LoginCaller): Promise<SignedIn> => {
    const overdue = isOverdue(company.id, company.dueDate, today());
    if (overdue && !can(row, 'financeiro:view')) throw new AppError('ERR_SUBSCRIPTION_OVERDUE', 402, { dueDate: company.dueDate });
    await loginAttempts.recordSuccess(row.email, client);
    // One sign-in per user (01-core §4 Session) unless the company allows several: the newer one
    // ends the older ones on the server, so their refresh tokens are refused and their access
    // tokens answer 401 at once.
    const singleSession = (await readCompanySettings(db, company.id)).singleSession !== 'disabled';
    const stored = nextRefreshToken(row, randomUUID(), sessionDevice(caller), new Date());
    const ended = await withTransaction(db, async (tx) => {
      const closed = await openSession(tx, stored, singleSession);
      await recordAudit(tx, { userId: row.id, ...sessionDevice(caller) }, { companyId: company.id, action: 'auth.signIn', entityType: 'user', entityId: row.id });
      return closed;
    });
    const [signed, knownBrowserToken] = await Promise.all([signSession(row, company, stored), tokens.signKnownBrowser(accountKey(row.email))]);
    const session: SignedIn = { ...signed, knownBrowserToken, ...(overdue ? { overdueDueDate: company.dueDate } : {}) };
    await touchLastLogin(db, company.id);
    // The older tabs are told why before their sockets are closed: they show "accessed elsewhere",
    // or, where several sign-ins are allowed, that the oldest past the bound was ended.
    if (singleSession) {
      bus.publish({
        companyId: company.id,
        event: 'auth',
        payload: { action: 'update', user: { id: row.id }, sessionId: session.sessionId },
        audience: { userId: row.id },
      });
    } else {
      tellEndedSessions(bus, { companyId: company.id, userId: row.id, sessionIds: ended, endedBy: 'user' });
    }
    for (const familyId of ended) bus.endSession(familyId);
    return session;
  };

  return {
    login: async (body: LoginBody, caller: LoginCaller): Promise<SignedIn | TwoFactorChallenge> => {
      const client = { ip: caller.ip, known: await tokens.isKnownBrowser(caller.knownBrowserToken, accountKey(body.email)) };
      await loginAttempts.check(body.email, client);
      const row = await findUserByEmail(db, body.email);
      const password = await checkPassword(row?.passwordHash ?? DECOY_HASH, body.password);
      const passwordOk = password.ok;
      // an invited user has no password of their own until the invitation is accepted (issue 38 point 3)
      if (!row || !passwordOk || row.invitedAt) {
        await loginAttempts.recordFailure(body.email, client);
        // an unknown email's attempt belongs to no company; the email tried says who was aimed at
        const tried = { userId: null, label: body.email, ...sessionDevice(caller) };
        await recordAudit(db, tried, { companyId: row?.companyId ?? null, action: 'auth.signInFailed', entityType: 'user', entityId: row?.id, after: { email: body.email } });
        throw invalidCredentials();
      }
      // a bcrypt hash an import carried is replaced with argon2id at its first good sign-in
      if (password.rehash) await updateUser(db, row.companyId, row.id, { passwordHash: await hashPassword(body.password) });
      const company = await activeCompany(row.companyId);
      // where two-factor sign-in is on, no session until its code (issue 38 point 4); the password's
      // success is not recorded, so the limits keep counting until the code is right
      if (row.totpEnabledAt) return { twoFactorRequired: true, challenge: await tokens.signTwoFactorChallenge({ userId: row.id, companyId: row.companyId }) };
      return issueSession(row, company, client, caller);
    },

    // The sign-in's second step: the login's challenge with a code or a recovery code. Wrong ones
    // count in the same limits as wrong passwords.
    loginTwoFactor: async (body: SignInFactor & { challenge: string }, caller: LoginCaller): Promise<SignedIn> => {
      const claims = await tokens.verifyTwoFactorChallenge(body.challenge);
      const row = claims ? await findUser(db, claims.companyId, claims.userId) : undefined;
      if (!row?.totpEnabledAt) throw new AppError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED', 401);
      const client = { ip: caller.ip, known: await tokens.isKnownBrowser(caller.knownBrowserToken, accountKey(row.email)) };
      await loginAttempts.check(row.email, client);
      if (!(await twoFactor.acceptSignInFactor(row, body, { userId: row.id, ip: caller.ip, userAgent: caller.userAgent }))) {
        await loginAttempts.recordFailure(row.email, client);
        throw new AppError('ERR_INVALID_TWO_FACTOR_CODE', 401);
      }
      return issueSession(row, await activeCompany(row.companyId), client, caller);
    },

    refresh: async (refreshToken: string | undefined, caller: RefreshCaller): Promise<IssuedSession> => {
      const claims = refreshToken ? await tokens.verifyRefresh(refreshToken) : null;
      if (!claims) throw sessionEnded();
      const stored = await sessions.findRefreshToken(db, claims.tokenId);
      if (!stored || stored.revokedAt || stored.expiresAt < new Date()) throw sessionEnded();
      const row = await findUser(db, stored.companyId, stored.userId);
      if (!row) throw sessionEnded();
      const company = await activeCompany(row.companyId);
      const next = nextRefreshToken(row, stored.familyId, sessionDevice(caller), stored.signedInAt);
      const rotated = await withTransaction(db, async (tx) => {
        // under the user's lock, so a newer sign-in ending this family cannot miss the new token
        await sessions.lockUserSessions(tx, row.id);
        if (!(await sessions.claimRefreshToken(tx, claims.tokenId))) {
          // Two tabs of one browser share the cookie and may refresh at the same moment: a token
          // rotated a few seconds ago is still honoured, unless its sign-in has ended since. Later,
          // a rotated token coming back means someone holds a copy, and the whole sign-in ends.
          const again = await sessions.findRefreshToken(tx, claims.tokenId);
          if (!again?.rotatedAt || again.revokedAt || Date.now() - again.rotatedAt.getTime() > CONCURRENT_REFRESH_GRACE_MS) return false;
        }
        await sessions.insertRefreshToken(tx, next);
        return true;
      });
      if (!rotated) {
        await endSession(stored.familyId);
        throw sessionEnded();
      }
      return signSession(row, company, next);
    },

    logout: async (refreshToken: string | undefined) => {
      const claims = refreshToken ? await tokens.verifyRefresh(refreshToken) : null;
      if (claims) await endSession(claims.familyId);
    },

    // The user replaces its own password (issue 11 point 5: the generated first one must go).
    // Wrong current passwords count with the sign-in failures, so a held session cannot guess.
    changePassword: async (tenant: TenantContext, body: PasswordChangeBody, actor: AuditActor): Promise<SessionUser> => {
      const row = await findUser(db, tenant.companyId, tenant.userId);
      if (!row) throw sessionEnded();
      // the account's own session is a known client: it answers to the account's limit, not the address's
      const client = { ip: actor.ip ?? '', known: true };
      await loginAttempts.check(row.email, client);
      if (!(await verify(row.passwordHash, body.currentPassword).catch(() => false))) {
        await loginAttempts.recordFailure(row.email, client);
        throw invalidField('body.currentPassword', 'validation.wrongPassword');
      }
      await loginAttempts.recordSuccess(row.email, client);
      if (body.password === body.currentPassword) throw invalidField('body.password', 'validation.samePassword');
      const passwordHash = await hashPassword(body.password);
      const { updated, ended } = await withTransaction(db, async (tx) => {
        const changed = await updateUser(tx, tenant.companyId, tenant.userId, { passwordHash, mustChangePassword: false });
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'auth.passwordChanged', entityType: 'user', entityId: tenant.userId, before: { passwordHash: row.passwordHash }, after: { passwordHash } });
        // whoever else signed in with the old password is signed out; this sign-in stays
        return { updated: changed, ended: await sessions.revokeOtherFamilies(tx, tenant.userId, tenant.sessionId) };
      });
      for (const familyId of ended) bus.endSession(familyId);
      if (!updated) throw sessionEnded();
      return sessionUser(updated, await activeCompany(tenant.companyId));
    },

    me: async (companyId: number, userId: number) => {
      const row = await findUser(db, companyId, userId);
      if (!row) throw sessionEnded();
      return sessionUser(row, await activeCompany(companyId));
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
