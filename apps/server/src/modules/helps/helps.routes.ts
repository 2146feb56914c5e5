import { helpsEndpoints } from '@atende/shared/helps';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { HelpsService } from './helps.service.ts';

// 03-saas §7 helps calls: reads for every signed-in user, writes for the super admin (§6).
export const helpsRoutes = (service: HelpsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, helpsEndpoints.page, { access: 'tenant' }, ({ query }) => service.page(query));
  endpointRoute(app, helpsEndpoints.list, { access: 'tenant' }, () => service.list());
  endpointRoute(app, helpsEndpoints.create, { access: 'super' }, ({ body }) => service.create(body));
  endpointRoute(app, helpsEndpoints.update, { access: 'super' }, ({ params, body }) => service.update(params.id, body));
  endpointRoute(app, helpsEndpoints.remove, { access: 'super' }, ({ params }) => service.remove(params.id));
};
