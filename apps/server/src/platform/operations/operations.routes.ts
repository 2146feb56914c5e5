// The operator's view: liveness, readiness and Prometheus metrics. None is rate-limited, since
// load balancers and scrapers call them often from one address.
// Plain routes, not endpoint contracts: probes for the operator, not calls of the API; /ready
// answers 503 with its checks, and /metrics answers Prometheus text.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../access.ts';
import { forbidden } from '../errors.ts';
import type { Metrics } from './metrics.ts';
import { mayReadMetrics } from './metrics-access.ts';
import { checkReadiness, type ReadinessProbes } from './readiness.ts';

export const operationsRoutes =
  (deps: { probes: ReadinessProbes; metrics: Metrics; metricsToken?: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'public', rateLimit: false } as const;
    const tags = ['operations'];

    app.get('/health', { config, schema: { tags, operationId: 'health', summary: 'The process is alive' } }, async () => ({ status: 'ok' }));

    app.get('/ready', { config, schema: { tags, operationId: 'readiness', summary: 'Database reachable, migrations applied, Redis and the storage bucket reachable when configured' } }, async (request, reply) => {
      const { ready, checks, reasons } = await checkReadiness(deps.probes, request.log);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks, ...(ready ? {} : { reasons }) });
    });

    app.get(
      '/metrics',
      { config, schema: { tags, operationId: 'metrics', summary: 'Prometheus metrics (loopback, or METRICS_TOKEN as bearer)', security: [{ metricsToken: [] }] } },
      async (request, reply) => {
        const caller = {
          peerAddress: request.socket.remoteAddress,
          forwarded: request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined,
          bearer: bearerToken(request),
        };
        if (!mayReadMetrics(caller, deps.metricsToken)) throw forbidden();
        return reply.type(deps.metrics.contentType).send(await deps.metrics.text());
      },
    );
  };
