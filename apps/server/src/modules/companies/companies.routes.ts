import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@atende/shared/validation';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { findCompanyWithPlan } from './companies.repo.ts';

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
};
