import type { FastifyPluginAsync } from 'fastify';
import { sessionsEndpoints } from '@atende/shared/sessions';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { SessionsService } from './sessions.service.ts';

// Issue 38 point 5. One's own sign-ins stay reachable while the first password awaits its change
// or the company is overdue: ending a stolen sign-in must not wait for either.
const own = { access: 'tenant', passwordChangeExempt: true, overdueAllowed: true } as const;
const offboard = { access: 'tenant', permission: 'users:manage' } as const;

export const sessionsRoutes = (service: SessionsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, sessionsEndpoints.list, own, (_input, request) => service.list(request.tenant));
  endpointRoute(app, sessionsEndpoints.end, own, ({ params }, request) => service.end(request.tenant, params.sessionId, requestActor(request)));
  endpointRoute(app, sessionsEndpoints.endOthers, own, (_input, request) => service.endOthers(request.tenant, requestActor(request)));
  endpointRoute(app, sessionsEndpoints.endAllOfUser, offboard, ({ params }, request) => service.endAllOfUser(request.tenant, params.userId, requestActor(request)));
};
