import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companiesPageQuery, companyCreateBody, companyUpdateBody, signupBody } from '@atende/shared/companies';
import { companySchedulesBody } from '@atende/shared/schedules';
import { idParam } from '@atende/shared/validation';
import type { CompaniesService } from './companies.service.ts';

const companyParams = z.strictObject({ companyId: idParam });

export const companiesRoutes = (service: CompaniesService, options: { signupLimit: RateLimitOptions }): FastifyPluginAsyncZod => async (app) => {
  // 03-saas §7: the plan flags of a company.
  app.get('/companies/listPlan/:companyId', { config: { access: 'tenant' }, schema: { params: companyParams } }, (request) =>
    service.plan(request.tenant, request.params.companyId),
  );

  // 03-saas §7 companies calls of the super admin's Companies screen.
  app.get('/companies', { config: { access: 'super' } }, () => service.listAll());

  app.get('/companies/list', { config: { access: 'super' } }, () => service.options());

  app.get('/companiesPlan', { config: { access: 'super' }, schema: { querystring: companiesPageQuery } }, (request) => service.page(request.query));

  app.post('/companies', { config: { access: 'super' }, schema: { body: companyCreateBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );

  app.put('/companies/:companyId', { config: { access: 'super' }, schema: { params: companyParams, body: companyUpdateBody } }, (request) =>
    service.update(request.params.companyId, request.body),
  );

  app.delete('/companies/:companyId', { config: { access: 'super' }, schema: { params: companyParams } }, async (request, reply) => {
    await service.remove(request.params.companyId);
    return reply.status(204).send();
  });

  // 03-saas §7 GET /companies/{id}: the settings schedules tab reads its own company with it.
  app.get('/companies/:companyId', { config: { access: 'tenant' }, schema: { params: companyParams } }, (request) =>
    service.show(request.tenant, request.params.companyId),
  );

  // 03-saas §7: the service hours used when scheduleType is 'company'.
  app.put(
    '/companies/:companyId/schedules',
    { config: { access: 'tenant', permission: 'settings:manage' }, schema: { params: companyParams, body: companySchedulesBody } },
    (request) => service.saveSchedules(request.tenant, request.params.companyId, request.body.schedules),
  );

  // 03-saas §2 Sign-up page, §7 POST /auth/signup: public, so limited per client address.
  app.post('/auth/signup', { config: { access: 'public', rateLimit: options.signupLimit }, schema: { body: signupBody } }, async (request, reply) =>
    reply.status(201).send(await service.signup(request.body)),
  );
};
