import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { invitationsEndpoints } from '@atende/shared/invitations';
import { mailLocaleOf } from '@atende/shared/mail';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { InvitationCaller, InvitationsService } from './invitations.service.ts';

const manage = { access: 'tenant', permission: 'users:manage' } as const;

// the inviting admin's language writes the mail
const callerOf = (request: FastifyRequest): InvitationCaller => ({ actor: requestActor(request), locale: mailLocaleOf(request.headers['accept-language']) });

// Issue 38 point 3: the admin's invitation calls, and the invited user's public ones (the link's
// token is the proof; reading and accepting a link are each limited per client address like the
// sign-up, so forged links are counted where they are tried).
export const invitationsRoutes = (service: InvitationsService, options: { linkLimit: RateLimitOptions }): FastifyPluginAsync => async (app) => {
  endpointRoute(app, invitationsEndpoints.invite, manage, ({ body }, request) => service.invite(request.tenant, body, callerOf(request)));
  endpointRoute(app, invitationsEndpoints.resend, manage, ({ params }, request) => service.resend(request.tenant, params.id, callerOf(request)));
  endpointRoute(app, invitationsEndpoints.show, { access: 'public', rateLimit: options.linkLimit }, ({ query }) => service.show(query.token));
  endpointRoute(app, invitationsEndpoints.accept, { access: 'public', rateLimit: options.linkLimit }, ({ body }, request) =>
    service.accept(body, requestActor(request, null)),
  );
};
