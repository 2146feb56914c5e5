// issue 38 point 2: the public password reset calls (password-reset.service.ts).
import type { FastifyPluginAsync } from 'fastify';
import { passwordResetEndpoints } from '@atende/shared/password-reset';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { PasswordResetService } from './password-reset.service.ts';

const open = { access: 'public' } as const;

export const passwordResetRoutes = (service: PasswordResetService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, passwordResetEndpoints.forgot, open, ({ body }, request) => service.request(body, { ...requestActor(request, null), ip: request.ip }));
  endpointRoute(app, passwordResetEndpoints.check, open, ({ query }, request) => service.check(query.token, request.ip));
  endpointRoute(app, passwordResetEndpoints.reset, open, ({ body }, request) => service.reset(body, { ...requestActor(request, null), ip: request.ip }));
};
