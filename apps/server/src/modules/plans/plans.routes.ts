import { plansEndpoints } from '@atende/shared/plans';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { PlansService } from './plans.service.ts';

const superAdmin = { access: 'super' } as const;

// 03-saas §7 plans calls: the list of public plans feeds the sign-up page, everything else is the
// super admin's.
export const plansRoutes = (service: PlansService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, plansEndpoints.publicList, { access: 'public' }, () => service.listPublic());
  endpointRoute(app, plansEndpoints.list, superAdmin, () => service.listAll());
  endpointRoute(app, plansEndpoints.show, superAdmin, ({ params }) => service.show(params.planId));
  endpointRoute(app, plansEndpoints.create, superAdmin, ({ body }, request) => service.create(body, requestActor(request)));
  endpointRoute(app, plansEndpoints.update, superAdmin, ({ params, body }, request) => service.update(params.planId, body, requestActor(request)));
  endpointRoute(app, plansEndpoints.remove, superAdmin, ({ params }, request) => service.remove(params.planId, requestActor(request)));
};
