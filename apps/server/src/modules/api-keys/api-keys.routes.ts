import { apiKeysEndpoints } from '@atende/shared/api-keys';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { ApiKeysService } from './api-keys.service.ts';

// Issue 37 point 2: an admin's screen, on plans with the external API. No key reaches these
// routes (their path has no key scope): a key cannot make or revoke keys.
const manage = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useExternalApi' } as const;
const superAdmin = { access: 'super' } as const;

export const apiKeysRoutes = (service: ApiKeysService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, apiKeysEndpoints.list, manage, (_input, request) => service.list(request.tenant));
  endpointRoute(app, apiKeysEndpoints.create, manage, ({ body }, request) => service.create(request.tenant, body, requestActor(request)));
  endpointRoute(app, apiKeysEndpoints.revoke, manage, ({ params }, request) => service.revoke(request.tenant, params.apiKeyId, requestActor(request)));
  endpointRoute(app, apiKeysEndpoints.listAll, superAdmin, ({ query }) => service.listAll(query));
  endpointRoute(app, apiKeysEndpoints.revokeAny, superAdmin, ({ params }, request) => service.revokeAny(params.apiKeyId, requestActor(request)));
};
