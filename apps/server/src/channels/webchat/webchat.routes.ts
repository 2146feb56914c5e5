// The web chat's HTTP side: the admin's route that creates a widget connection, and the widget's
// public calls under /webchat/{publicId}/. Those answer CORS only to the connection's allowed
// origins (a preflight from any other gets 403), and never with credentials: the visitor token
// travels in a header, not in a cookie.
import { randomBytes } from 'node:crypto';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEBCHAT_TOKEN_HEADER, webchatEndpoints, webchatPublicId } from '@atende/shared/webchat';
import { z } from 'zod';
import { requestActor } from '../../modules/audit/request-actor.ts';
import type { ConnectionsService } from '../../modules/connections/connections.service.ts';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { webchatChannelConfig } from './webchat-config.ts';
import type { WebchatVisitors } from './webchat-visitors.ts';

const PREFLIGHT_CACHE_SECONDS = '600';

// 24 url-safe characters: the id a website's snippet carries, not a secret
const newPublicId = () => randomBytes(18).toString('base64url');

export const webchatRoutes =
  (deps: { visitors: WebchatVisitors; connections: ConnectionsService; visitorLimit: RateLimitOptions }): FastifyPluginAsyncZod =>
  async (app) => {
    endpointRoute(app, webchatEndpoints.connect, { access: 'tenant', permission: 'connections-page:addConnection' }, async ({ body }, request) => {
      const { name, ...settings } = body;
      const publicId = newPublicId();
      const [connection] = await deps.connections.connectAccounts(
        request.tenant,
        [{ channel: 'webchat', name, number: publicId, externalId: publicId, channelConfig: webchatChannelConfig(settings) }],
        requestActor(request),
      );
      return connection;
    });

    // the connection of the call, once its Origin is allowed; the answer may then be read by that page
    const allowedConnection = async (request: FastifyRequest<{ Params: { publicId: string } }>, reply: FastifyReply) => {
      const origin = request.headers.origin;
      const connection = await deps.visitors.connectionFor(request.params.publicId, origin);
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      return connection;
    };
    const tokenOf = (request: FastifyRequest) => request.headers[WEBCHAT_TOKEN_HEADER];
    const config = { access: 'public' as const, rateLimit: deps.visitorLimit };

    app.options(
      '/webchat/:publicId/*',
      { config, schema: { hide: true, params: z.object({ publicId: webchatPublicId, '*': z.string() }) } },
      async (request, reply) => {
        await allowedConnection(request, reply);
        return reply
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', `Content-Type, ${WEBCHAT_TOKEN_HEADER}`)
          .header('access-control-max-age', PREFLIGHT_CACHE_SECONDS)
          .code(204)
          .send();
      },
    );

    endpointRoute(app, webchatEndpoints.appearance, config, async (_input, request, reply) =>
      deps.visitors.appearance(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply)),
    );
    endpointRoute(app, webchatEndpoints.start, config, async ({ body }, request, reply) =>
      deps.visitors.start(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply), body),
    );
    endpointRoute(app, webchatEndpoints.send, config, async ({ body }, request, reply) =>
      deps.visitors.send(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply), tokenOf(request), body),
    );
    endpointRoute(app, webchatEndpoints.history, config, async (_input, request, reply) =>
      deps.visitors.history(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply), tokenOf(request)),
    );
  };
