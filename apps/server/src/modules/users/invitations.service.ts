// Invitations (issue 38 point 3): an admin adds a user by email, and the user chooses their own
// password from the mailed link. The user exists from the invitation on (it counts against the
// plan, has its queues and permissions) but cannot sign in until the link is used: its stored
// password is a random one nobody knows, and sign-in refuses a user still marked invited.
import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS, type InvitationAcceptBody, type InvitationView, type UserInviteBody } from '@atende/shared/invitations';
import type { MailLocale } from '@atende/shared/mail';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { enqueueMail } from '../../platform/mail/mail.jobs.ts';
import type { Storage } from '../../platform/storage.ts';
import { invalidLink, issueAccountLink, readAccountLink, useAccountLink } from '../account-links/account-links.steps.ts';
import { recordAudit, type AuditActor } from '../audit/audit.steps.ts';
import { findCompanySummary } from '../companies/companies.repo.ts';
import { loadUserView } from './user-views.repo.ts';
import { findUser, updateUser, type UserRow } from './users.repo.ts';
import { hashPassword, type UsersService } from './users.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = { db: Db; bus: EventBus; storage: Storage; clock: Clock; users: UsersService; emailEnabled: boolean };

// who asks, and the language the mail is written in (the inviting admin's)
export type InvitationCaller = { actor: AuditActor; locale: MailLocale };

export const createInvitationsService = ({ db, bus, storage, clock, users, emailEnabled }: Deps) => {
  const requireEmail = () => {
    if (!emailEnabled) throw new AppError('ERR_EMAIL_DISABLED', 503);
  };

  // a new link (the earlier one stops working) and its mail, in the caller's transaction
  const sendInvitation = async (tx: DbOrTx, row: UserRow, locale: MailLocale) => {
    const expiresAt = new Date(clock.now().getTime() + INVITATION_TTL_DAYS * DAY_MS);
    const token = await issueAccountLink(tx, { companyId: row.companyId, userId: row.id, purpose: 'invitation' }, expiresAt);
    const company = await findCompanySummary(tx, row.companyId);
    await enqueueMail(tx, {
      companyId: row.companyId,
      to: row.email,
      locale,
      template: 'invitation',
      data: { name: row.name, companyName: company?.name ?? '', token, validDays: INVITATION_TTL_DAYS },
    });
  };

  const invitedUser = async (tx: DbOrTx, companyId: number, userId: number) => {
    const row = await findUser(tx, companyId, userId);
    // another company's user, or one who already chose a password, has no invitation to resend
    if (!row?.invitedAt) throw notFound('ERR_NO_USER_FOUND');
    return row;
  };

  return {
    // Email off is told after the form's own errors (plan, queues, a taken email), which the
    // admin can fix; the user added meanwhile goes with the rolled-back transaction.
    invite: async (tenant: TenantContext, body: UserInviteBody, { actor, locale }: InvitationCaller) => {
      // a password nobody knows stands until the invited user chooses theirs
      const unusablePassword = randomBytes(32).toString('base64url');
      return users.create(tenant, { ...body, password: unusablePassword }, {
        invitedAt: clock.now(),
        afterInsert: async (tx, row) => {
          requireEmail();
          await sendInvitation(tx, row, locale);
          await recordAudit(tx, actor, {
            companyId: tenant.companyId,
            action: 'user.invite',
            entityType: 'user',
            entityId: row.id,
            after: { name: row.name, email: row.email, profile: row.profile },
          });
        },
      });
    },

    resend: async (tenant: TenantContext, userId: number, { actor, locale }: InvitationCaller) => {
      await withTransaction(db, async (tx) => {
        const row = await invitedUser(tx, tenant.companyId, userId);
        requireEmail();
        await sendInvitation(tx, row, locale);
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'user.invite', entityType: 'user', entityId: row.id, after: { email: row.email, resent: true } });
      });
    },

    show: async (token: string): Promise<InvitationView> => {
      const owner = await readAccountLink(db, 'invitation', token, clock.now());
      const [row, company] = await Promise.all([findUser(db, owner.companyId, owner.userId), findCompanySummary(db, owner.companyId)]);
      if (!row?.invitedAt || !company) throw invalidLink();
      return { companyName: company.name, name: row.name, email: row.email };
    },

    // The link is used in the transaction that sets the password, so a refused password (or a
    // failure) leaves the link usable, and two tabs racing with one link set one password.
    accept: async (body: InvitationAcceptBody, actor: AuditActor) => {
      const passwordHash = await hashPassword(body.password);
      const accepted = await withTransaction(db, async (tx) => {
        const owner = await useAccountLink(tx, 'invitation', body.token, clock.now());
        const row = await updateUser(tx, owner.companyId, owner.userId, { passwordHash, invitedAt: null, mustChangePassword: false, ...(body.name && { name: body.name }) });
        if (!row) throw invalidLink();
        await recordAudit(tx, { ...actor, userId: row.id }, { companyId: row.companyId, action: 'user.invitationAccepted', entityType: 'user', entityId: row.id });
        return loadUserView(tx, storage, row);
      });
      bus.publish({ companyId: accepted.companyId, event: 'user', payload: { action: 'update', user: accepted } });
    },
  };
};

export type InvitationsService = ReturnType<typeof createInvitationsService>;
