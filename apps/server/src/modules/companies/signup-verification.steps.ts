// The public sign-up's email verification (issue 38 point 3), as steps of the transactions that
// sign up, resend the link and sweep the unverified sign-ups away.
import { SIGNUP_VERIFICATION_TTL_HOURS } from '@atende/shared/signup-verification';
import type { MailLocale } from '@atende/shared/mail';
import type { Tx } from '../../db/client.ts';
import { enqueueMail } from '../../platform/mail/mail.jobs.ts';
import { issueAccountLink } from '../account-links/account-links.steps.ts';
import { recordAudit, type AuditActor } from '../audit/audit.steps.ts';
import { deleteCompany } from './companies.repo.ts';
import { lockUnverifiedCompany } from './signup-verification.repo.ts';

const HOUR_MS = 60 * 60 * 1000;

// how long a sign-up may stay unverified before the sweep removes it
export const UNVERIFIED_SIGNUP_TTL_MS = SIGNUP_VERIFICATION_TTL_HOURS * HOUR_MS;

export type UnverifiedSignup = { companyId: number; companyName: string; userId: number; name: string; email: string };

// A new link (the earlier one stops working) and its mail.
export const sendSignupVerification = async (tx: Tx, signup: UnverifiedSignup, locale: MailLocale, now: Date) => {
  const expiresAt = new Date(now.getTime() + UNVERIFIED_SIGNUP_TTL_MS);
  const token = await issueAccountLink(tx, { companyId: signup.companyId, userId: signup.userId, purpose: 'emailVerification' }, expiresAt);
  await enqueueMail(tx, {
    companyId: signup.companyId,
    to: signup.email,
    locale,
    template: 'signupVerification',
    data: { name: signup.name, companyName: signup.companyName, token, validHours: SIGNUP_VERIFICATION_TTL_HOURS },
  });
};

// An unverified sign-up goes with everything it holds; the entry outlives it (the audit log has no
// foreign key to companies). The caller removes its files once the transaction commits.
export const removeUnverifiedCompany = async (tx: Tx, company: { id: number; name: string; email: string }, actor: AuditActor) => {
  if (!(await lockUnverifiedCompany(tx, company.id)) || !(await deleteCompany(tx, company.id))) return false;
  await recordAudit(tx, actor, {
    companyId: company.id,
    action: 'company.removedUnverified',
    entityType: 'company',
    entityId: company.id,
    before: { name: company.name, email: company.email },
  });
  return true;
};
