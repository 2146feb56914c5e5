// Prometheus metrics (prom-client). Each app has its own registry, so several apps in one process
// (tests, restarts) never meet over a metric name; the Node.js process metrics (event-loop lag,
// memory, CPU, GC) are collected once per process and answered beside every app's own.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobKindStats } from '../jobs/jobs.repo.ts';

export type MetricSources = {
  jobStats: () => Promise<JobKindStats[]>;
  whatsappSessions: () => Promise<Array<{ status: string; count: number }>>;
  connectedSockets: () => number;
};

let processRegistry: Registry | undefined;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

// The job runner's figures per kind, one gauge each.
const jobFigures = {
  waiting: ['jobs_waiting', 'Jobs waiting to run, by kind'],
  running: ['jobs_running', 'Jobs running, by kind'],
  failed: ['jobs_failed', 'Jobs that failed for good, by kind'],
  oldestWaitingSeconds: ['jobs_oldest_waiting_seconds', 'Age in seconds of the oldest waiting job, by kind'],
} as const;

export const createMetrics = (sources: MetricSources) => {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inbound = new Counter({ name: 'messages_inbound_total', help: 'Inbound messages stored, by channel', labelNames: ['channel'], registers: [registry] });
  const outbound = new Counter({ name: 'messages_outbound_total', help: 'Outbound messages sent, by channel', labelNames: ['channel'], registers: [registry] });
  const jobsRun = new Counter({
    name: 'jobs_run_total',
    help: 'Background jobs this process ran to an end (completed, to be retried or failed), by kind',
    labelNames: ['kind'],
    registers: [registry],
  });
  new Gauge({
    name: 'socketio_connected_sockets',
    help: 'Socket.IO clients connected to this process',
    registers: [registry],
    collect() {
      this.set(sources.connectedSockets());
    },
  });
  new Gauge({
    name: 'whatsapp_sessions',
    help: 'WhatsApp (Baileys) connections by session status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { status, count } of await sources.whatsappSessions()) this.set({ status }, count);
    },
  });
  for (const [figure, [name, help]] of Object.entries(jobFigures) as Array<[keyof typeof jobFigures, readonly [string, string]]>) {
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const stats of await sources.jobStats()) this.set({ kind: stats.kind }, stats[figure]);
      },
    });
  }

  return {
    contentType: registry.contentType,
    countInbound: (channel: string) => inbound.inc({ channel }),
    countOutbound: (channel: string) => outbound.inc({ channel }),
    countJobRun: (kind: string) => jobsRun.inc({ kind }),
    // the route pattern, never the raw URL, so ids do not multiply the series
    observeRequests: (app: FastifyInstance) => {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      });
    },
    text: () => Registry.merge([processMetrics(), registry]).metrics(),
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
