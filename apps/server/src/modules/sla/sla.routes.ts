import { slaEndpoints } from '@atende/shared/sla';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { SlaService } from './sla.service.ts';

// Issue 40 point 3: the company's admins, on a plan with automation (docs/automation.md).
const manage = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useAutomation' } as const;

export const slaRoutes = (service: SlaService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, slaEndpoints.list, manage, (_input, request) => service.list(request.tenant));
  endpointRoute(app, slaEndpoints.create, manage, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, slaEndpoints.update, manage, ({ params, body }, request) => service.update(request.tenant, params.policyId, body));
  endpointRoute(app, slaEndpoints.remove, manage, ({ params }, request) => service.remove(request.tenant, params.policyId));
};
