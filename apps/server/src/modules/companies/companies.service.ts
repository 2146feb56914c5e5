// Company reads and the company service hours (03-saas §7). A tenant reaches only its own company,
// the super user any; another company answers 404 as if it did not exist.
import type { WeekdaySchedule } from '@atende/shared/schedules';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { findCompanySummary, findCompanyWithPlan, updateCompanySchedules } from './companies.repo.ts';

const reachable = (tenant: TenantContext, companyId: number) => {
  if (companyId !== tenant.companyId && !tenant.actor.super) throw notFound();
};

const found = <T>(row: T | undefined): T => {
  if (!row) throw notFound();
  return row;
};

export const createCompaniesService = ({ db }: { db: Db }) => ({
  plan: async (tenant: TenantContext, companyId: number) => {
    reachable(tenant, companyId);
    return { plan: found(await findCompanyWithPlan(db, companyId)).plan };
  },

  show: async (tenant: TenantContext, companyId: number) => {
    reachable(tenant, companyId);
    return found(await findCompanySummary(db, companyId));
  },

  saveSchedules: async (tenant: TenantContext, companyId: number, schedules: WeekdaySchedule[]) => {
    reachable(tenant, companyId);
    const saved = found(await updateCompanySchedules(db, companyId, schedules));
    return { id: saved.id, schedules: saved.schedules };
  },
});

export type CompaniesService = ReturnType<typeof createCompaniesService>;
