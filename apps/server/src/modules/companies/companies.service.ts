// Companies (03-saas §7): a tenant reaches only its own company, the super user any; another
// company answers 404 as if it did not exist. The super admin lists, creates, edits, renews and
// deletes companies; a visitor signs one up while the global setting userCreation is enabled.
import { COMPANIES_PAGE_SIZE, type CompaniesPage, type CompaniesPageQuery, type CompanyCreateBody, type CompanyUpdateBody, type SignupBody } from '@atende/shared/companies';
import { NEVER_EXPIRES_DUE_DATE, PLATFORM_COMPANY_ID } from '@atende/shared/constants';
import type { MailLocale } from '@atende/shared/mail';
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { addRecurrence } from '@atende/shared/recurrence';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { recordAudit, recordUpdate, type AuditActor } from '../audit/audit.steps.ts';
import { findPlan } from '../plans/plans.repo.ts';
import { readGlobalSetting } from '../settings/global-settings.repo.ts';
import * as repo from './companies.repo.ts';
import { provisionCompany } from './companies.steps.ts';
import { findUnverifiedSignup } from './signup-verification.repo.ts';
import type { SignupVerification } from './signup-verification.service.ts';
import { removeUnverifiedCompany, sendSignupVerification } from './signup-verification.steps.ts';
import { toCompanyView } from './companies.view.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const reachable = (tenant: TenantContext, companyId: number) => {
  if (companyId !== tenant.companyId && !tenant.actor.super) throw notFound();
};

const found = <T>(row: T | undefined): T => {
  if (!row) throw notFound();
  return row;
};

const duplicateEmail = (error: unknown): never => {
  if (isUniqueViolation(error, 'users_email_key')) throw new AppError('ERR_DUPLICATED_EMAIL', 409);
  throw error;
};

const knownPlan = async (db: DbOrTx, planId: number, options: { publicOnly: boolean }) => {
  const plan = await findPlan(db, planId);
  if (!plan || (options.publicOnly && !plan.isPublic)) throw invalidField('body.planId', 'validation.invalidChoice');
};

// hashPassword comes from the users module, which reads company plans, and billIfDue from the
// invoices module, which renews companies: handed in, they keep the modules free of a cycle.
// billIfDue runs in the transaction that set a due date: one within INVOICE_DAYS_BEFORE_DUE gets
// its invoice at once (docs/billing.md).
type Deps = {
  db: Db;
  storage: Storage;
  clock: Clock;
  signupTrialDays: number;
  hashPassword: (password: string) => Promise<string>;
  billIfDue: (tx: DbOrTx, companyId: number) => Promise<void>;
  verification: SignupVerification;
};

// who signs up: the request's address (the audit) and language (the verification mail)
export type SignupCaller = { actor: AuditActor; locale: MailLocale };

export const createCompaniesService = ({ db, storage, clock, signupTrialDays, hashPassword, billIfDue, verification }: Deps) => {
  const today = () => clock.now().toISOString().slice(0, 10);
  const view = async (companyId: number) => toCompanyView(found(await repo.findCompany(db, companyId)));

  return {
    plan: async (tenant: TenantContext, companyId: number) => {
      reachable(tenant, companyId);
      return { plan: found(await repo.findCompanyWithPlan(db, companyId)).plan };
    },

    show: async (tenant: TenantContext, companyId: number) => {
      reachable(tenant, companyId);
      return view(companyId);
    },

    saveServiceHours: async (tenant: TenantContext, companyId: number, schedules: WeekdayServiceHours[], actor: AuditActor) => {
      reachable(tenant, companyId);
      const saved = await withTransaction(db, async (tx) => {
        const before = found(await repo.findCompany(tx, companyId));
        const updated = found(await repo.updateCompanySchedules(tx, companyId, schedules));
        await recordUpdate(tx, actor, { companyId, action: 'company.update', entityType: 'company', entityId: companyId }, { schedules: before.schedules }, { schedules: updated.schedules });
        return updated;
      });
      return { id: saved.id, schedules: saved.schedules };
    },

    listAll: async () => (await repo.listCompanies(db)).map(toCompanyView),

    options: () => repo.listCompanyOptions(db),

    page: async (query: CompaniesPageQuery): Promise<CompaniesPage> => {
      const offset = (query.pageNumber - 1) * COMPANIES_PAGE_SIZE;
      // one row more than the page tells whether another page follows
      const rows = await repo.pageCompanies(db, { search: query.searchParam, limit: COMPANIES_PAGE_SIZE + 1, offset });
      return { companies: rows.slice(0, COMPANIES_PAGE_SIZE).map(toCompanyView), hasMore: rows.length > COMPANIES_PAGE_SIZE };
    },

    // The company and its first admin, who signs in with the email and password of the form.
    create: async (body: CompanyCreateBody, actor: AuditActor) => {
      const { password, adminName, ...fields } = body;
      const passwordHash = await hashPassword(password);
      // without a due date the company gets one period of its recurrence (not due today)
      const dueDate = fields.dueDate ?? addRecurrence(today(), fields.recurrence);
      const { company } = await withTransaction(db, async (tx) => {
        await knownPlan(tx, fields.planId, { publicOnly: false });
        const provisioned = await provisionCompany(tx, { ...fields, dueDate }, { name: adminName ?? fields.name, email: fields.email, passwordHash });
        await billIfDue(tx, provisioned.company.id);
        const { id } = provisioned.company;
        await recordAudit(tx, actor, { companyId: id, action: 'company.create', entityType: 'company', entityId: id, after: { ...provisioned.company, adminEmail: fields.email } });
        return provisioned;
      }).catch(duplicateEmail);
      return view(company.id);
    },

    // Renewal is an update of the due date (03-saas §7). Company 1 never expires.
    update: async (companyId: number, body: CompanyUpdateBody, actor: AuditActor) => {
      await withTransaction(db, async (tx) => {
        if (body.planId !== undefined) await knownPlan(tx, body.planId, { publicOnly: false });
        const values = companyId === PLATFORM_COMPANY_ID ? { ...body, dueDate: NEVER_EXPIRES_DUE_DATE, status: true } : body;
        const before = found(await repo.findCompany(tx, companyId));
        await repo.updateCompany(tx, companyId, values);
        // another plan replaces the limits of a custom plan bought at the checkout
        if (body.planId !== undefined && body.planId !== before.planId) {
          await repo.setCompanyCustomLimits(tx, companyId, { customUsers: null, customConnections: null });
        }
        await billIfDue(tx, companyId);
        await recordUpdate(tx, actor, { companyId, action: 'company.update', entityType: 'company', entityId: companyId }, before, found(await repo.findCompany(tx, companyId)));
      });
      return view(companyId);
    },

    remove: async (companyId: number, actor: AuditActor) => {
      if (companyId === PLATFORM_COMPANY_ID) throw new AppError('ERR_COMPANY_PROTECTED', 403);
      await withTransaction(db, async (tx) => {
        const before = await repo.findCompany(tx, companyId);
        if (!before || !(await repo.deleteCompany(tx, companyId))) throw notFound();
        await recordAudit(tx, actor, { companyId, action: 'company.delete', entityType: 'company', entityId: companyId, before });
      });
      await storage.removeCompany(companyId);
    },

    // 03-saas §2 Sign-up page, §5: a new company on a public plan with a trial due date, and its
    // admin. With email on, the company awaits the verification of its email (issue 38 point 3); an
    // unverified sign-up holding the same email gives way, so nobody can block an email they do
    // not own by signing up with it (docs/security.md "Verified sign-up").
    signup: async (body: SignupBody, { actor, locale }: SignupCaller) => {
      if ((await readGlobalSetting(db, 'userCreation')) !== 'enabled') throw new AppError('ERR_USER_CREATION_DISABLED', 403);
      await verification.checkSignupMail(body.email);
      const passwordHash = await hashPassword(body.password);
      // the super admin's trial length (issue 35 point 6), else the server's SIGNUP_TRIAL_DAYS
      const trialDays = Number((await readGlobalSetting(db, 'signupTrialDays')) || signupTrialDays);
      const dueDate = new Date(clock.now().getTime() + trialDays * DAY_MS).toISOString().slice(0, 10);
      const awaitingVerification = verification.required;
      const { company, admin, replaced } = await withTransaction(db, async (tx) => {
        await knownPlan(tx, body.planId, { publicOnly: true });
        const holder = await findUnverifiedSignup(tx, body.email);
        if (holder) await removeUnverifiedCompany(tx, { id: holder.companyId, name: holder.companyName, email: holder.email }, actor);
        const provisioned = await provisionCompany(
          tx,
          { name: body.companyName, email: body.email, phone: body.phone, planId: body.planId, dueDate, awaitingVerification },
          { name: body.name, email: body.email, passwordHash },
        );
        await billIfDue(tx, provisioned.company.id);
        const signup = { companyId: provisioned.company.id, companyName: body.companyName, userId: provisioned.admin.id, name: body.name, email: body.email };
        if (awaitingVerification) await sendSignupVerification(tx, signup, locale, clock.now());
        await recordAudit(tx, { ...actor, userId: provisioned.admin.id }, {
          companyId: provisioned.company.id,
          action: 'company.signup',
          entityType: 'company',
          entityId: provisioned.company.id,
          after: { name: body.companyName, email: body.email, planId: body.planId, awaitingVerification },
        });
        return { ...provisioned, replaced: holder?.companyId };
      }).catch(duplicateEmail);
      if (replaced !== undefined) await storage.removeCompany(replaced);
      return { companyId: company.id, userId: admin.id, dueDate: company.dueDate, awaitingVerification };
    },
  };
};

export type CompaniesService = ReturnType<typeof createCompaniesService>;
