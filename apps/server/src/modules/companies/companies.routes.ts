import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companySchedulesBody } from '@atende/shared/schedules';
import { idParam } from '@atende/shared/validation';
import type { CompaniesService } from './companies.service.ts';

const companyParams = z.strictObject({ companyId: idParam });

export const companiesRoutes = (service: CompaniesService): FastifyPluginAsyncZod => async (app) => {
  // 03-saas §7: the plan flags of a company.
  app.get('/companies/listPlan/:companyId', { config: { access: 'tenant' }, schema: { params: companyParams } }, (request) =>
    service.plan(request.tenant, request.params.companyId),
  );

  // 03-saas §7 GET /companies/{id}: the settings schedules tab reads it.
  app.get('/companies/:companyId', { config: { access: 'tenant' }, schema: { params: companyParams } }, (request) =>
    service.show(request.tenant, request.params.companyId),
  );

  // 03-saas §7: the service hours used when scheduleType is 'company'.
  app.put(
    '/companies/:companyId/schedules',
    { config: { access: 'tenant', permission: 'settings:manage' }, schema: { params: companyParams, body: companySchedulesBody } },
    (request) => service.saveSchedules(request.tenant, request.params.companyId, request.body.schedules),
  );
};
