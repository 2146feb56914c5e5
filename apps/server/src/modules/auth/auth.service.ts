// Sign-in, token refresh with rotation, sign-out and the session's user (01-core §4 Session).
import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { effectiveDueDate, isOverdue } from '@atende/shared/invoices';
import { can } from '@atende/shared/permissions';
import type { LoginBody, PasswordChangeBody } from '@atende/shared/auth';
import type { SessionAnswer, SessionUser } from '@atende/shared/users';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { LoginAttempts } from '../../platform/login-attempts.ts';
import type { Storage } from '../../platform/storage.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { findCompanyWithPlan, touchLastLogin, type CompanyWithPlan } from '../companies/companies.repo.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { toUserView } from '../users/users.view.ts';
import { findUser, findUserByEmail, updateUser, type UserRow } from '../users/users.repo.ts';
import { hashPassword } from '../users/users.service.ts';
import * as sessions from './sessions.repo.ts';

type Deps = { db: Db; bus: EventBus; tokens: TokenService; loginAttempts: LoginAttempts; storage: Storage };

// overdueDueDate: the company is overdue and this is its admin, whose sign-in reaches only the
// invoices until they are paid (01-core §4 Session, docs/billing.md)
export type IssuedSession = SessionAnswer & { refreshToken: string; overdueDueDate?: string };

const invalidCredentials = () => new AppError('ERR_INVALID_CREDENTIALS', 401);
const sessionEnded = () => new AppError('ERR_SESSION_EXPIRED', 401);

// A hash of a random password: unknown emails cost the same time as wrong passwords.
const DECOY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$I1oJXf7RCCdF1wPCrHhMbw$j50xptn60DBkxLBBki3e/VFeioeuw0suCbsBD00k9gk';

const CONCURRENT_REFRESH_GRACE_MS = 10_000;

const today = () => new Date().toISOString().slice(0, 10);

export const createAuthService = ({ db, bus, tokens, loginAttempts, storage }: Deps) => {
  const sessionUser = async (row: UserRow, company: CompanyWithPlan): Promise<SessionUser> => {
    const [view, settings] = await Promise.all([toUserView(db, storage, row), readCompanySettings(db, company.id)]);
    const { id, name, plan } = company;
    return {
      ...view,
      company: { id, name, dueDate: effectiveDueDate(company.id, company.dueDate), plan, settings },
      mustChangePassword: row.mustChangePassword,
    };
  };

  const issue = async (row: UserRow, company: CompanyWithPlan, familyId: string): Promise<IssuedSession> => {
    const tokenId = randomUUID();
    await sessions.insertRefreshToken(db, {
      id: tokenId,
      familyId,
      userId: row.id,
      companyId: row.companyId,
      expiresAt: new Date(Date.now() + tokens.refreshTtlSeconds * 1000),
    });
    const [token, refreshToken, user] = await Promise.all([
      tokens.signAccess({ userId: row.id, companyId: row.companyId, sessionId: familyId }),
      tokens.signRefresh({ tokenId, familyId, userId: row.id }),
      sessionUser(row, company),
    ]);
    return { token, refreshToken, sessionId: familyId, user };
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
    return company;
  };

  return {
    login: async (body: LoginBody, ip: string): Promise<IssuedSession> => {
      await loginAttempts.check(body.email, ip);
      const row = await findUserByEmail(db, body.email);
      const passwordOk = await verify(row?.passwordHash ?? DECOY_HASH, body.password).catch(() => false);
      if (!row || !passwordOk) {
        await loginAttempts.recordFailure(body.email, ip);
        throw invalidCredentials();
      }
      const company = await activeCompany(row.companyId);
      const overdue = isOverdue(company.id, company.dueDate, today());
      if (overdue && !can(row, 'financeiro:view')) throw new AppError('ERR_SUBSCRIPTION_OVERDUE', 402, { dueDate: company.dueDate });
      await loginAttempts.recordSuccess(body.email);
      const session: IssuedSession = { ...(await issue(row, company, randomUUID())), ...(overdue ? { overdueDueDate: company.dueDate } : {}) };
      await touchLastLogin(db, company.id);
      // Older sessions of this user see the newer sign-in and log out (01-core §4 Session).
      bus.publish({
        companyId: company.id,
        event: 'auth',
        payload: { action: 'update', user: { id: row.id }, sessionId: session.sessionId },
        audience: { userId: row.id },
      });
      return session;
    },

    refresh: async (refreshToken: string | undefined): Promise<IssuedSession> => {
      const claims = refreshToken ? await tokens.verifyRefresh(refreshToken) : null;
      if (!claims) throw sessionEnded();
      const stored = await sessions.findRefreshToken(db, claims.tokenId);
      if (!stored || stored.revokedAt || stored.expiresAt < new Date()) throw sessionEnded();
      if (!(await sessions.claimRefreshToken(db, claims.tokenId))) {
        // Two tabs of one browser share the cookie and may refresh at the same moment: a token
        // rotated a few seconds ago is still honoured. Later, a rotated token coming back means
        // someone holds a copy, and the whole sign-in ends.
        const rotatedAt = (await sessions.findRefreshToken(db, claims.tokenId))?.rotatedAt;
        if (!rotatedAt || Date.now() - rotatedAt.getTime() > CONCURRENT_REFRESH_GRACE_MS) {
          await endSession(stored.familyId);
          throw sessionEnded();
        }
      }
      const row = await findUser(db, stored.companyId, stored.userId);
      if (!row) throw sessionEnded();
      return issue(row, await activeCompany(row.companyId), stored.familyId);
    },

    logout: async (refreshToken: string | undefined) => {
      const claims = refreshToken ? await tokens.verifyRefresh(refreshToken) : null;
      if (claims) await endSession(claims.familyId);
    },

    // The user replaces its own password (issue 11 point 5: the generated first one must go).
    // Wrong current passwords count with the sign-in failures, so a held session cannot guess.
    changePassword: async (tenant: TenantContext, body: PasswordChangeBody, ip: string): Promise<SessionUser> => {
      const row = await findUser(db, tenant.companyId, tenant.userId);
      if (!row) throw sessionEnded();
      await loginAttempts.check(row.email, ip);
      if (!(await verify(row.passwordHash, body.currentPassword).catch(() => false))) {
        await loginAttempts.recordFailure(row.email, ip);
        throw invalidField('body.currentPassword', 'validation.wrongPassword');
      }
      await loginAttempts.recordSuccess(row.email);
      if (body.password === body.currentPassword) throw invalidField('body.password', 'validation.samePassword');
      const passwordHash = await hashPassword(body.password);
      const updated = await withTransaction(db, async (tx) => {
        const changed = await updateUser(tx, tenant.companyId, tenant.userId, { passwordHash, mustChangePassword: false });
        // whoever else signed in with the old password is signed out; this sign-in stays
        await sessions.revokeOtherFamilies(tx, tenant.userId, tenant.sessionId);
        return changed;
      });
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
