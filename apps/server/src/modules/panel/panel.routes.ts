import { panelEndpoints } from '@atende/shared/panel';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { createPanelService } from './panel.service.ts';

// 01-core §7 GET /dashboard/moments and 02-operations §7 GET /usersMoments: the same list.
export const panelRoutes = (service: ReturnType<typeof createPanelService>): FastifyPluginAsync => async (app) => {
  const config = { access: 'tenant', permission: 'panel:view' } as const;
  for (const endpoint of [panelEndpoints.moments, panelEndpoints.usersMoments]) {
    endpointRoute(app, endpoint, config, ({ query }, request) => service.moments(request.tenant, query));
  }
};
