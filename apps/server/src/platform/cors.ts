// Cross-origin calls, by choice (issue 37 point 3): with API_CORS_ORIGINS set, a page of one of
// those origins may call the routes keys may call, with a key. Cookies never cross: no
// Access-Control-Allow-Credentials, and sign-in, refresh and every route keys may not call get no
// CORS headers, so the refresh cookie's flow stays same-origin. Without the setting, or from
// another origin, nothing changes: a preflight answers 404 as any unknown route does.
import type { FastifyInstance } from 'fastify';
import { apiKeyAreaOfPath } from '@atende/shared/api-keys';
import { bearerToken } from './access.ts';
import { isApiKey } from './api-key-auth.ts';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type';
// the answers' headers a page may read besides the simple ones
const EXPOSED_HEADERS = 'Retry-After, X-Request-Id';
const PREFLIGHT_CACHE_SECONDS = '600';

export const registerApiCors = (app: FastifyInstance, allowedOrigins: readonly string[]) => {
  if (allowedOrigins.length === 0) return;
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin) || !apiKeyAreaOfPath(request.url.split('?')[0])) return;
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!preflight && !isApiKey(bearerToken(request))) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (!preflight) return void reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    return reply
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_CACHE_SECONDS)
      .code(204)
      .send();
  });
};
