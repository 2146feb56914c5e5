import { promptsEndpoints } from '@atende/shared/prompts';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { PromptsService } from './prompts.service.ts';

// 02-operations §7 Prompts: plan flag useOpenAi, hidden for profile user.
const manage = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useOpenAi' } as const;

export const promptsRoutes = (service: PromptsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, promptsEndpoints.list, manage, (_input, request) => service.list(request.tenant));
  endpointRoute(app, promptsEndpoints.show, manage, ({ params }, request) => service.show(request.tenant, params.promptId));
  endpointRoute(app, promptsEndpoints.create, manage, ({ body }, request) => service.create(request.tenant, body, requestActor(request)));
  endpointRoute(app, promptsEndpoints.update, manage, ({ params, body }, request) => service.update(request.tenant, params.promptId, body, requestActor(request)));
  endpointRoute(app, promptsEndpoints.remove, manage, ({ params }, request) => service.remove(request.tenant, params.promptId, requestActor(request)));
};
