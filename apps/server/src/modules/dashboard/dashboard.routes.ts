import { dashboardEndpoints } from '@atende/shared/dashboard';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { createDashboardService } from './dashboard.service.ts';

// 01-core §7 GET /dashboard, /dashboard/ticketsUsers, /dashboard/ticketsDay: admins, and users
// whose showDashboard is enabled (01-core §6).
export const dashboardRoutes = (service: ReturnType<typeof createDashboardService>): FastifyPluginAsync => async (app) => {
  const config = { access: 'tenant', permission: 'dashboard:view' } as const;

  endpointRoute(app, dashboardEndpoints.summary, config, ({ query }, request) => service.summary(request.tenant, query));
  endpointRoute(app, dashboardEndpoints.ticketsUsers, config, ({ query }, request) => service.ticketsUsers(request.tenant, query));
  endpointRoute(app, dashboardEndpoints.ticketsDay, config, ({ query }, request) => service.ticketsDay(request.tenant, query));

  // issue 40 point 3: the SLA figures, on plans with automation like the policies
  endpointRoute(app, dashboardEndpoints.sla, { ...config, planFlag: 'useAutomation' }, ({ query }, request) => service.sla(request.tenant, query));

  // issue 35 point 13: the checklist is for whoever sets the company up, the admins who manage its settings
  endpointRoute(app, dashboardEndpoints.onboarding, { access: 'tenant', permission: 'settings:manage' }, (_input, request) =>
    service.onboarding(request.tenant),
  );
};
