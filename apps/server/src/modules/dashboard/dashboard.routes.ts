import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuery, ticketsChartQuery } from '@atende/shared/dashboard';
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
};
