// The attendants' side of web chat typing (docs/webchat.md "Typing"): registered once the realtime
// server exists, as it speaks to the visitors' sockets. Capped per client: the composer asks at
// most once every couple of seconds while the attendant types.
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webchatEndpoints } from '@atende/shared/webchat';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { WebchatTyping } from './webchat-typing.ts';

export const webchatTypingRoutes =
  (deps: { typing: WebchatTyping; limit: RateLimitOptions }): FastifyPluginAsyncZod =>
  async (app) => {
    endpointRoute(app, webchatEndpoints.attendantTyping, { access: 'tenant', planFlag: 'useWebchat', rateLimit: deps.limit }, async ({ params }, request) => {
      await deps.typing.attendantTyping(request.tenant, params.ticketId);
    });
  };
