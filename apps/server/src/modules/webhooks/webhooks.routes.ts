import { webhooksEndpoints } from '@atende/shared/webhooks';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { WebhooksService } from './webhooks.service.ts';

// Issue 37 point 1: the company's admins, on a plan with integrations (docs/webhooks.md).
const manage = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useIntegrations' } as const;

export const webhooksRoutes = (service: WebhooksService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, webhooksEndpoints.list, manage, (_input, request) => service.list(request.tenant));
  endpointRoute(app, webhooksEndpoints.create, manage, ({ body }, request) => service.create(request.tenant, body, requestActor(request)));
  endpointRoute(app, webhooksEndpoints.update, manage, ({ params, body }, request) => service.update(request.tenant, params.endpointId, body, requestActor(request)));
  endpointRoute(app, webhooksEndpoints.remove, manage, ({ params }, request) => service.remove(request.tenant, params.endpointId, requestActor(request)));
  endpointRoute(app, webhooksEndpoints.rotateSecret, manage, ({ params }, request) => service.rotateSecret(request.tenant, params.endpointId, requestActor(request)));
  endpointRoute(app, webhooksEndpoints.deliveries, manage, ({ params }, request) => service.deliveries(request.tenant, params.endpointId));
  endpointRoute(app, webhooksEndpoints.resend, manage, ({ params }, request) => service.resend(request.tenant, params.endpointId, params.deliveryId));
  endpointRoute(app, webhooksEndpoints.sendTest, manage, ({ params }, request) => service.sendTest(request.tenant, params.endpointId));
};
