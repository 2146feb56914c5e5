import { automationEndpoints, macrosEndpoints } from '@atende/shared/automation';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { AutomationService } from './automation.service.ts';
import type { MacrosService } from './macros.service.ts';

// Issue 40 points 1 and 2: rules are the admins'; macros every user's (shared ones changed by
// admins), all on a plan with automation.
const admins = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useAutomation' } as const;
const users = { access: 'tenant', planFlag: 'useAutomation' } as const;

export const automationRoutes =
  (rules: AutomationService, macros: MacrosService): FastifyPluginAsync =>
  async (app) => {
    endpointRoute(app, automationEndpoints.list, admins, (_input, request) => rules.list(request.tenant));
    endpointRoute(app, automationEndpoints.create, admins, ({ body }, request) => rules.create(request.tenant, body));
    endpointRoute(app, automationEndpoints.update, admins, ({ params, body }, request) => rules.update(request.tenant, params.ruleId, body));
    endpointRoute(app, automationEndpoints.remove, admins, ({ params }, request) => rules.remove(request.tenant, params.ruleId));
    endpointRoute(app, automationEndpoints.test, admins, ({ params, body }, request) => rules.test(request.tenant, params.ruleId, body.ticketId));
    endpointRoute(app, macrosEndpoints.list, users, (_input, request) => macros.list(request.tenant));
    endpointRoute(app, macrosEndpoints.create, users, ({ body }, request) => macros.create(request.tenant, body));
    endpointRoute(app, macrosEndpoints.update, users, ({ params, body }, request) => macros.update(request.tenant, params.macroId, body));
    endpointRoute(app, macrosEndpoints.remove, users, ({ params }, request) => macros.remove(request.tenant, params.macroId));
    endpointRoute(app, macrosEndpoints.run, users, ({ params, body }, request) => macros.run(request.tenant, params.macroId, body.ticketId));
  };
