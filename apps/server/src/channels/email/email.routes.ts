// The email channel's HTTP side: the tenant route that connects a support mailbox. Mail itself
// arrives over SMTP (inbound-smtp.ts), not HTTP.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailEndpoints } from '@atende/shared/email';
import { requestActor } from '../../modules/audit/request-actor.ts';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { EmailConnections } from './email-connections.ts';

export const emailRoutes =
  (deps: { connections: EmailConnections }): FastifyPluginAsyncZod =>
  async (app) => {
    endpointRoute(app, emailEndpoints.connect, { access: 'tenant', permission: 'connections-page:addConnection', planFlag: 'useEmail' }, ({ body }, request) =>
      deps.connections.connect(request.tenant, body, requestActor(request)),
    );
  };
