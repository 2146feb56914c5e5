import { externalSendBody, messagesApiEndpoints } from '@atende/shared/messages-api';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/access.ts';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { routeLimit } from '../../platform/rate-limit/request-limits.ts';
import { parseFormFields } from '../../platform/uploads.ts';
import { readMessageRequest } from '../messages/message-request.routes.ts';
import type { MessagesApiService } from './messages-api.service.ts';

// Requests are counted per connection token (a digest of it, so counters never hold a token);
// a call without one is counted by address.
const tokenKey = (request: FastifyRequest) => {
  const token = bearerToken(request);
  return token ? `token:${createHash('sha256').update(token).digest('base64url')}` : `ip:${request.ip}`;
};

// Public to the user-token guard: the caller proves itself with a connection's token instead.
export const messagesApiRoutes = (service: MessagesApiService, limit: { maxPerToken: number; windowSeconds: number }): FastifyPluginAsync => async (app) => {
  const rateLimit = routeLimit(limit.maxPerToken, limit.windowSeconds, tokenKey);
  endpointRoute(app, messagesApiEndpoints.send, { access: 'public', rateLimit }, async (_input, request) => {
    // the token is checked before a byte of the body is read
    const connection = await service.connectionOf(bearerToken(request));
    const { fields, medias } = await readMessageRequest(request);
    return service.send(connection, parseFormFields(externalSendBody, fields), medias);
  });
};
