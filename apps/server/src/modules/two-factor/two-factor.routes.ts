import type { FastifyPluginAsync } from 'fastify';
import { twoFactorEndpoints } from '@atende/shared/two-factor';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { TwoFactorService } from './two-factor.service.ts';

// The signed-in user's own two-factor calls, open to a user who must still turn it on (issue 38
// point 4), and the admin's reset.
const own = { access: 'tenant', twoFactorEnrollmentExempt: true } as const;

export const twoFactorRoutes = (service: TwoFactorService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, twoFactorEndpoints.setup, own, (_input, request) => service.setup(request.tenant));
  endpointRoute(app, twoFactorEndpoints.confirm, own, ({ body }, request) => service.confirm(request.tenant, body.code, requestActor(request)));
  endpointRoute(app, twoFactorEndpoints.disable, { access: 'tenant' }, ({ body }, request) => service.disable(request.tenant, body, requestActor(request), request.ip));
  endpointRoute(app, twoFactorEndpoints.regenerateRecoveryCodes, { access: 'tenant' }, ({ body }, request) =>
    service.regenerateRecoveryCodes(request.tenant, body.code, requestActor(request), request.ip),
  );
  endpointRoute(app, twoFactorEndpoints.reset, { access: 'tenant', permission: 'users:manage' }, ({ params }, request) =>
    service.reset(request.tenant, params.id, requestActor(request)),
  );
};
