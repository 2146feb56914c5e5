// Password reset (issue 38 point 2, docs/security.md "Password reset"). Asking answers the same
// for every email (the lookup happens in a job, password-reset.jobs.ts); using the link sets the
// password once, ends every sign-in of the user and signs nobody in, so a second factor is still
// asked at the next sign-in. Asking is limited per email and per client address; links that fail
// (forged, used, expired) count against the address, which is then refused for the window.
import { normalizeIP } from '@fastify/rate-limit';
import { PLATFORM_COMPANY_ID } from '@atende/shared/constants';
import { mailLocaleOf } from '@atende/shared/mail';
import type { ForgotPasswordBody, PasswordResetBody } from '@atende/shared/password-reset';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, tooManyRequests } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { accountKey } from '../../platform/login-attempts.ts';
import type { CounterStore } from '../../platform/rate-limit/counters.ts';
import { invalidLink, readAccountLink, useAccountLink } from '../account-links/account-links.steps.ts';
import { recordAudit, type AuditActor } from '../audit/audit.steps.ts';
import { updateUser } from '../users/users.repo.ts';
import { hashPassword } from '../users/users.service.ts';
import { enqueuePasswordResetRequest } from './password-reset.jobs.ts';
import * as sessions from './sessions.repo.ts';

// requests per window: "forgot password" per email and per address; failed links per address
export type PasswordResetLimits = { maxPerEmail: number; maxPerIp: number; windowSeconds: number };

type Deps = { db: Db; bus: EventBus; clock: Clock; counters: CounterStore; limits: PasswordResetLimits; emailEnabled: boolean };

const keys = {
  email: (email: string) => `reset:email:${accountKey(email)}`,
  address: (ip: string) => `reset:ip:${normalizeIP(ip)}`,
  failedLinks: (ip: string) => `reset:failed:${normalizeIP(ip)}`,
};

export const createPasswordResetService = ({ db, bus, clock, counters, limits, emailEnabled }: Deps) => {
  const windowMs = limits.windowSeconds * 1000;
  const now = () => clock.now().getTime();
  const retryAfter = (resetAt: number) => Math.max(1, Math.ceil((resetAt - now()) / 1000));

  // counts this request and refuses it past the limit
  const count = async (key: string, max: number) => {
    const window = await counters.hit(key, windowMs, now());
    if (window.count > max) throw tooManyRequests(retryAfter(window.resetAt));
  };

  // an address whose links failed too often is refused before the link is looked at
  const checkAddress = async (ip: string) => {
    const failed = await counters.peek(keys.failedLinks(ip), now());
    if (failed.count >= limits.maxPerIp) throw tooManyRequests(retryAfter(failed.resetAt));
  };

  const countingFailures = async <T>(ip: string, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === 'ERR_INVALID_TOKEN') await counters.hit(keys.failedLinks(ip), windowMs, now());
      throw error;
    }
  };

  return {
    request: async (body: ForgotPasswordBody, actor: AuditActor & { ip: string }) => {
      if (!emailEnabled) throw new AppError('ERR_EMAIL_DISABLED', 503);
      await count(keys.address(actor.ip), limits.maxPerIp);
      await count(keys.email(body.email), limits.maxPerEmail);
      await enqueuePasswordResetRequest(db, {
        companyId: PLATFORM_COMPANY_ID,
        email: body.email,
        locale: mailLocaleOf(body.locale),
        ip: actor.ip,
        userAgent: actor.userAgent?.slice(0, 500) ?? null,
      });
    },

    check: async (token: string, ip: string) => {
      await checkAddress(ip);
      await countingFailures(ip, () => readAccountLink(db, 'passwordReset', token, clock.now()));
    },

    reset: async (body: PasswordResetBody, actor: AuditActor & { ip: string }) => {
      await checkAddress(actor.ip);
      const passwordHash = await hashPassword(body.password);
      const ended = await countingFailures(actor.ip, () =>
        withTransaction(db, async (tx) => {
          const owner = await useAccountLink(tx, 'passwordReset', body.token, clock.now());
          await sessions.lockUserSessions(tx, owner.userId);
          // the generated first password's "change it first" is met by choosing one here
          const updated = await updateUser(tx, owner.companyId, owner.userId, { passwordHash, mustChangePassword: false });
          if (!updated) throw invalidLink();
          const families = await sessions.revokeAllFamilies(tx, owner.companyId, owner.userId);
          await recordAudit(tx, { ...actor, userId: owner.userId }, {
            companyId: owner.companyId,
            action: 'auth.passwordReset',
            entityType: 'user',
            entityId: owner.userId,
            after: { endedSessions: families.length },
          });
          return families;
        }),
      );
      // whoever held a session with the old password is out: tokens refused, sockets closed
      for (const familyId of ended) bus.endSession(familyId);
    },
  };
};

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
