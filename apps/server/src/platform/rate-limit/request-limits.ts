// Requests per window with @fastify/rate-limit over our counters (in memory, or Redis shared by
// every process). Every route gets the default limit per client address; a route narrows it with
// `config.rateLimit` (routeLimit below) or opts out with `rateLimit: false`. Over the limit: 429
// ERR_TOO_MANY_REQUESTS with Retry-After (the error handler maps the plugin's 429).
import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { CounterStore } from './counters.ts';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

// The plugin builds its store with `new`, and a child per route with its own limit, so each
// route's counts stay apart from the default ones.
const storeOver = (counters: CounterStore) =>
  class RequestCounters implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'requests:',
    ) {}

    incr(key: string, callback: StoreCallback, timeWindow: number) {
      const now = Date.now();
      counters.hit(this.prefix + key, timeWindow, now).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: resetAt - now }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown) {
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
      return new RequestCounters(undefined, `${this.prefix}${method}${url}:`);
    }
  };

export const routeLimit = (max: number, windowSeconds: number, keyGenerator?: RateLimitOptions['keyGenerator']): RateLimitOptions => ({
  max,
  timeWindow: windowSeconds * 1000,
  ...(keyGenerator ? { keyGenerator } : {}),
});

export const registerRequestLimits = async (app: FastifyInstance, deps: { counters: CounterStore; maxPerIp: number; windowSeconds: number }) => {
  await app.register(fastifyRateLimit, {
    global: true,
    store: storeOver(deps.counters),
    ...routeLimit(deps.maxPerIp, deps.windowSeconds),
  });
};
