import { knowledgeEndpoints as endpoints } from '@atende/shared/knowledge';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { KnowledgeService } from './knowledge.service.ts';

// issue 42 point 1: beside the prompts, under the plan flag useOpenAi, for the admin screens' users.
const manage = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useOpenAi' } as const;

export const knowledgeRoutes = (service: KnowledgeService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, endpoints.page, manage, ({ query }, request) => service.page(request.tenant, query));
  endpointRoute(app, endpoints.intakeState, manage, (_input, request) => service.intakeState(request.tenant));
  endpointRoute(app, endpoints.intake, manage, ({ body }, request) => service.startIntake(request.tenant, body));
  endpointRoute(app, endpoints.search, manage, ({ body }, request) => service.search(request.tenant, body));
  endpointRoute(app, endpoints.show, manage, ({ params }, request) => service.show(request.tenant, params.articleId));
  endpointRoute(app, endpoints.create, manage, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, endpoints.update, manage, ({ params, body }, request) => service.update(request.tenant, params.articleId, body));
  endpointRoute(app, endpoints.remove, manage, async ({ params }, request) => service.remove(request.tenant, params.articleId));
};
