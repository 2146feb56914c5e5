import { queueIntegrationsEndpoints } from '@atende/shared/queue-integrations';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { IntegrationsService } from './integrations.service.ts';

// 02-operations §7 Queue integrations: plan flag useIntegrations; profile user sees no-permission.
const manage = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useIntegrations' } as const;

export const integrationsRoutes = (service: IntegrationsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, queueIntegrationsEndpoints.page, manage, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, queueIntegrationsEndpoints.show, manage, ({ params }, request) => service.show(request.tenant, params.integrationId));
  endpointRoute(app, queueIntegrationsEndpoints.create, manage, ({ body }, request) => service.create(request.tenant, body, requestActor(request)));
  endpointRoute(app, queueIntegrationsEndpoints.testSession, manage, ({ body }, request) => service.testSession(request.tenant, body));
  endpointRoute(app, queueIntegrationsEndpoints.update, manage, ({ params, body }, request) => service.update(request.tenant, params.integrationId, body, requestActor(request)));
  endpointRoute(app, queueIntegrationsEndpoints.remove, manage, ({ params }, request) => service.remove(request.tenant, params.integrationId, requestActor(request)));
};
