// The public sign-up's email verification (issue 38 point 3): the link mailed at sign-up makes the
// company usable; a lost mail can be sent again. Verification mails are limited per email as well
// as per client address (the sign-up's request limit), so nobody can flood an inbox through the
// sign-up; a resend over the limit is answered as any other, and simply sends nothing.
import type { MailLocale } from '@atende/shared/mail';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { accountKey } from '../../platform/login-attempts.ts';
import type { CounterStore } from '../../platform/rate-limit/counters.ts';
import { invalidLink, useAccountLink } from '../account-links/account-links.steps.ts';
import { recordAudit, type AuditActor } from '../audit/audit.steps.ts';
import { findUnverifiedSignup, markCompanyVerified } from './signup-verification.repo.ts';
import { sendSignupVerification } from './signup-verification.steps.ts';

const HOUR_MS = 60 * 60 * 1000;
// verification mails one email may receive in an hour, sign-ups and resends together
export const VERIFICATION_MAILS_PER_HOUR = 5;

type Deps = { db: Db; clock: Clock; counters: CounterStore; emailEnabled: boolean };

export const createSignupVerification = ({ db, clock, counters, emailEnabled }: Deps) => {
  const mailAllowed = async (email: string) => {
    const window = await counters.hit(`signup-mail:${accountKey(email)}`, HOUR_MS, clock.now().getTime());
    return { allowed: window.count <= VERIFICATION_MAILS_PER_HOUR, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - clock.now().getTime()) / 1000)) };
  };

  return {
    // with email off there is no mail to verify with: a sign-up is usable at once, as before
    // (docs/security.md "Verified sign-up")
    required: emailEnabled,

    // a sign-up that would mail this email once too often this hour is refused before anything is made
    checkSignupMail: async (email: string) => {
      if (!emailEnabled) return;
      const { allowed, retryAfterSeconds } = await mailAllowed(email);
      if (!allowed) throw tooManyRequests(retryAfterSeconds);
    },

    verify: async (token: string, actor: AuditActor) => {
      await withTransaction(db, async (tx) => {
        const owner = await useAccountLink(tx, 'emailVerification', token, clock.now());
        if (!(await markCompanyVerified(tx, owner.companyId))) throw invalidLink();
        await recordAudit(tx, { ...actor, userId: owner.userId }, { companyId: owner.companyId, action: 'company.verified', entityType: 'company', entityId: owner.companyId });
      });
    },

    resend: async (email: string, locale: MailLocale) => {
      if (!emailEnabled) return;
      const signup = await findUnverifiedSignup(db, email);
      if (!signup || !(await mailAllowed(email)).allowed) return;
      await withTransaction(db, (tx) => sendSignupVerification(tx, signup, locale, clock.now()));
    },
  };
};

export type SignupVerification = ReturnType<typeof createSignupVerification>;
