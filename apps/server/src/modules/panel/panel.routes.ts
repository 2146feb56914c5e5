import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { momentsQuery } from '@atende/shared/dashboard';
import type { createPanelService } from './panel.service.ts';

// 01-core §7 GET /dashboard/moments and 02-operations §7 GET /usersMoments: the same list.
export const panelRoutes = (service: ReturnType<typeof createPanelService>): FastifyPluginAsyncZod => async (app) => {
  const config = { access: 'tenant', permission: 'panel:view' } as const;
  for (const path of ['/dashboard/moments', '/usersMoments']) {
    app.get(path, { config, schema: { querystring: momentsQuery } }, (request) => service.moments(request.tenant, request.query));
  }
};
