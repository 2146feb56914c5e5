import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySchedulesBody } from '@atende/shared/schedules';
import { idParam } from '@atende/shared/validation';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { findCompanySummary, findCompanyWithPlan, updateCompanySchedules } from './companies.repo.ts';

export const companiesRoutes = (deps: { db: Db }): FastifyPluginAsyncZod => async (app) => {
  // 03-saas §7: the plan flags of a company; a tenant sees only its own, the super user any.
  app.get(
    '/companies/listPlan/:companyId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ companyId: idParam }) } },
    async (request) => {
      const { companyId } = request.params;
      if (companyId !== request.tenant.companyId && !request.tenant.actor.super) throw notFound();
      const company = await findCompanyWithPlan(deps.db, companyId);
      if (!company) throw notFound();
      return { plan: company.plan };
    },
  );

  // 03-saas §7 GET /companies/{id}: a tenant reads its own company (the settings schedules tab),
  // the super user any company.
  app.get(
    '/companies/:companyId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ companyId: idParam }) } },
    async (request) => {
      const { companyId } = request.params;
      if (companyId !== request.tenant.companyId && !request.tenant.actor.super) throw notFound();
      const company = await findCompanySummary(deps.db, companyId);
      if (!company) throw notFound();
      return company;
    },
  );

  // 03-saas §7: the service hours used when scheduleType is 'company'; an admin saves their own
  // company's, the super user any company's.
  app.put(
    '/companies/:companyId/schedules',
    {
      config: { access: 'tenant', permission: 'settings:manage' },
      schema: { params: z.strictObject({ companyId: idParam }), body: companySchedulesBody },
    },
    async (request) => {
      const { companyId } = request.params;
      if (companyId !== request.tenant.companyId && !request.tenant.actor.super) throw notFound();
      const saved = await updateCompanySchedules(deps.db, companyId, request.body.schedules);
      if (!saved) throw notFound();
      return { id: saved.id, schedules: saved.schedules };
    },
  );
};
