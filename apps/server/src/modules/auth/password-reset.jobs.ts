// The work behind "forgot password" (issue 38 point 2), done in a job so the request does the same
// thing whatever the email: it enqueues this job and answers. Here the user is looked up; one who
// can use a reset gets a new single-use link (the earlier unused ones stop working) and its mail,
// in one transaction with the audit entry. An unknown email gets nothing, and nothing records it.
// Invited users and the users of a sign-up awaiting verification get nothing either: the invitation
// or verification mail is their way in (docs/security.md "Password reset").
import { z } from 'zod';
import { mailLocales } from '@atende/shared/mail';
import { PASSWORD_RESET_TTL_MINUTES } from '@atende/shared/password-reset';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { enqueueMail } from '../../platform/mail/mail.jobs.ts';
import { issueAccountLink } from '../account-links/account-links.steps.ts';
import { recordAudit } from '../audit/audit.steps.ts';
import { findCompany } from '../companies/companies.repo.ts';
import { findUserByEmail } from '../users/users.repo.ts';

// companyId: the platform's company, which the job belongs to until the user is known. Done rows
// are deleted at once: they hold the email and address that asked.
export const passwordResetRequestJob = defineJobKind({
  name: 'auth.passwordResetRequest',
  payload: z.object({
    companyId: z.number().int(),
    email: z.string(),
    locale: z.enum(mailLocales),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
  priority: 'interactive',
  maxAttempts: 5,
  keepWhenDone: false,
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestJob.payload>;

export const enqueuePasswordResetRequest = (db: DbOrTx, request: PasswordResetRequest) => enqueueJob(db, passwordResetRequestJob, request);

const canReset = async (tx: Tx, email: string) => {
  const user = await findUserByEmail(tx, email);
  if (!user || user.invitedAt) return undefined;
  const company = await findCompany(tx, user.companyId);
  return company && !company.awaitingVerification ? user : undefined;
};

export const registerPasswordResetRequestJob = (runner: Pick<JobRunner, 'register'>, { clock }: { clock: Clock }) => {
  runner.register(passwordResetRequestJob, {
    runInTransaction: async (tx, { email, locale, ip, userAgent }) => {
      const user = await canReset(tx, email);
      if (!user) return;
      const expiresAt = new Date(clock.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
      const token = await issueAccountLink(tx, { companyId: user.companyId, userId: user.id, purpose: 'passwordReset' }, expiresAt);
      await enqueueMail(tx, {
        companyId: user.companyId,
        to: user.email,
        locale,
        template: 'passwordReset',
        data: { name: user.name, token, validMinutes: PASSWORD_RESET_TTL_MINUTES },
      });
      await recordAudit(tx, { userId: null, ip, userAgent }, { companyId: user.companyId, action: 'auth.passwordResetRequested', entityType: 'user', entityId: user.id });
    },
  });
};
