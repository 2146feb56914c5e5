import type { RateLimitOptions } from '@fastify/rate-limit';
import { companiesEndpoints } from '@atende/shared/companies';
import { mailLocaleOf } from '@atende/shared/mail';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { CompaniesService } from './companies.service.ts';

const superAdmin = { access: 'super' } as const;

export const companiesRoutes = (service: CompaniesService, options: { signupLimit: RateLimitOptions }): FastifyPluginAsync => async (app) => {
  // 03-saas §7: the plan flags of a company.
  endpointRoute(app, companiesEndpoints.plan, { access: 'tenant' }, ({ params }, request) => service.plan(request.tenant, params.companyId));

  // 03-saas §7 companies calls of the super admin's Companies screen.
  endpointRoute(app, companiesEndpoints.list, superAdmin, () => service.listAll());
  endpointRoute(app, companiesEndpoints.options, superAdmin, () => service.options());
  endpointRoute(app, companiesEndpoints.page, superAdmin, ({ query }) => service.page(query));
  endpointRoute(app, companiesEndpoints.create, superAdmin, ({ body }, request) => service.create(body, requestActor(request)));
  endpointRoute(app, companiesEndpoints.update, superAdmin, ({ params, body }, request) => service.update(params.companyId, body, requestActor(request)));
  endpointRoute(app, companiesEndpoints.remove, superAdmin, ({ params }, request) => service.remove(params.companyId, requestActor(request)));

  // 03-saas §7 GET /companies/{id}: the settings schedules tab reads its own company with it.
  endpointRoute(app, companiesEndpoints.show, { access: 'tenant' }, ({ params }, request) => service.show(request.tenant, params.companyId));

  // 03-saas §7: the service hours used when scheduleType is 'company'.
  endpointRoute(app, companiesEndpoints.saveServiceHours, { access: 'tenant', permission: 'settings:manage' }, ({ params, body }, request) =>
    service.saveServiceHours(request.tenant, params.companyId, body.schedules, requestActor(request)),
  );

  // 03-saas §2 Sign-up page, §7 POST /auth/signup: public, so limited per client address.
  endpointRoute(app, companiesEndpoints.signup, { access: 'public', rateLimit: options.signupLimit }, ({ body }, request) =>
    service.signup(body, { actor: requestActor(request, null), locale: mailLocaleOf(request.headers['accept-language']) }),
  );
};
