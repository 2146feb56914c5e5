import { copilotEndpoints } from '@atende/shared/copilot';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { CopilotService } from './copilot.service.ts';

// The copilot rides the plan's AI flag (useOpenAi, 03-saas §3): every attendant uses it on the
// tickets they may see; its key, tone and spending are the admin's.
const attendant = { access: 'tenant', planFlag: 'useOpenAi' } as const;
const admin = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useOpenAi' } as const;

export const copilotRoutes = (service: CopilotService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, copilotEndpoints.status, attendant, (_input, request) => service.status(request.tenant));
  endpointRoute(app, copilotEndpoints.settings, admin, (_input, request) => service.settings(request.tenant));
  endpointRoute(app, copilotEndpoints.updateSettings, admin, ({ body }, request) => service.updateSettings(request.tenant, body));
  endpointRoute(app, copilotEndpoints.usage, admin, ({ query }, request) => service.usage(request.tenant, query.month));
  endpointRoute(app, copilotEndpoints.suggest, attendant, ({ params }, request) => service.suggest(request.tenant, params.ticketId));
  endpointRoute(app, copilotEndpoints.summary, attendant, ({ params }, request) => service.summary(request.tenant, params.ticketId));
  endpointRoute(app, copilotEndpoints.rewrite, attendant, ({ params, body }, request) => service.rewrite(request.tenant, params.ticketId, body));
  endpointRoute(app, copilotEndpoints.translate, attendant, ({ params, body }, request) => service.translate(request.tenant, params.messageId, body.language));
};
