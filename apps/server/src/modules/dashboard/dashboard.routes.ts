import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardEndpoints, dashboardQuery, ticketsChartQuery } from '@atende/shared/dashboard';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { createDashboardService } from './dashboard.service.ts';

// 01-core §7 GET /dashboard, /dashboard/ticketsUsers, /dashboard/ticketsDay: admins, and users
// whose showDashboard is enabled (01-core §6).
export const dashboardRoutes = (service: ReturnType<typeof createDashboardService>): FastifyPluginAsyncZod => async (app) => {
  const config = { access: 'tenant', permission: 'dashboard:view' } as const;

  app.get('/dashboard', { config, schema: { querystring: dashboardQuery } }, (request) => service.summary(request.tenant, request.query));

  app.get('/dashboard/ticketsUsers', { config, schema: { querystring: ticketsChartQuery } }, (request) =>
    service.ticketsUsers(request.tenant, request.query),
  );

  app.get('/dashboard/ticketsDay', { config, schema: { querystring: ticketsChartQuery } }, (request) =>
    service.ticketsDay(request.tenant, request.query),
  );

  // issue 35 point 13: the checklist is for whoever sets the company up, the admins who manage its settings
  endpointRoute(app, dashboardEndpoints.onboarding, { access: 'tenant', permission: 'settings:manage' }, (_input, request) =>
    service.onboarding(request.tenant),
  );
};
