// The operator's view (issue 12 point 2): /health, /ready with its probes, and /metrics in
// Prometheus format, open to loopback or with METRICS_TOKEN.
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { connections, jobs } from '../../src/db/schema.ts';
import { mayReadMetrics } from '../../src/platform/operations/metrics-access.ts';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { reopenableTestDatabase } from '../helpers/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

// The value of one sample of the Prometheus text format, found by name and labels.
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
};

const metricsText = async () => {
  const answer = await t.request<string>('GET', '/metrics');
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('/health and /ready (issue 12 point 2)', () => {
  it('/health answers 200 while the process runs', async () => {
    expect(await t.request('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('/ready answers 200 with each probe ok: database, migrations, and Redis when configured', async () => {
    const answer = await t.request('GET', '/ready');
    expect(answer).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok' } } });
    expect(Object.keys(answer.body.checks).sort()).toEqual(t.config.redisUrl ? ['database', 'migrations', 'redis'] : ['database', 'migrations']);
  });

  it('/ready answers 503 while a migration this code ships is not applied', async () => {
    const [last] = (
      (await t.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
        rows: Array<{ id: number; hash: string; created_at: string }>;
      }
    ).rows;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      expect(await t.request('GET', '/ready')).toMatchObject({ status: 503, body: { status: 'not ready', checks: { database: 'ok', migrations: 'failed' } } });
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect((await t.request('GET', '/ready')).status).toBe(200);
  });

  describe('over a database that goes away', () => {
    // closed under the running app, and dropped only once the app has let go of it
    let store: Awaited<ReturnType<typeof reopenableTestDatabase>>;
    let database: Database;
    let lonely: TestApp;
    beforeAll(async () => {
      store = await reopenableTestDatabase();
      database = await store.open();
      lonely = await startTestApp({}, { database });
    });
    afterAll(async () => {
      await lonely?.close();
      await store?.drop();
    });

    it('/ready answers 503 when the database is gone; /health still answers 200', async () => {
      expect((await lonely.request('GET', '/ready')).status).toBe(200);
      await database.close();
      expect(await lonely.request('GET', '/ready')).toMatchObject({ status: 503, body: { checks: { database: 'failed', migrations: 'failed' } } });
      expect((await lonely.request('GET', '/health')).status).toBe(200);
    });
  });
});

describe('/metrics (issue 12 point 2)', () => {
  it('counts a sandbox message in and a reply out by channel, and times requests by route pattern', async () => {
    const before = await metricsText();
    const inboundBefore = sample(before, 'messages_inbound_total', { channel: 'sandbox' }) ?? 0;
    const outboundBefore = sample(before, 'messages_outbound_total', { channel: 'sandbox' }) ?? 0;

    const tenant = await setupAttendance(t);
    const { ticketId } = await tenant.inbound('5511955550000', 'hello');
    const token = tenant.adminSession.token;
    await tenant.put(token, ticketId, { status: 'open', userId: tenant.admin.id, queueId: tenant.queues[0].id });
    expect((await t.request('POST', `/messages/${ticketId}`, { token, body: { body: 'hi there' } })).status).toBe(201);
    expect((await t.request('GET', `/tickets/${ticketId}`, { token })).status).toBe(200);

    await expect.poll(async () => sample(await metricsText(), 'messages_outbound_total', { channel: 'sandbox' })).toBe(outboundBefore + 1);
    const after = await metricsText();
    expect(sample(after, 'messages_inbound_total', { channel: 'sandbox' })).toBe(inboundBefore + 1);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/tickets/:ticketId', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(`route="/tickets/${ticketId}"`);
  });

  it('a repeated inbound message (same provider id) is not counted twice', async () => {
    const tenant = await setupAttendance(t);
    await tenant.inbound('5511955551111', 'once', 'repeated-id');
    const counted = sample(await metricsText(), 'messages_inbound_total', { channel: 'sandbox' });
    expect((await tenant.inbound('5511955551111', 'once', 'repeated-id')).duplicate).toBe(true);
    expect(sample(await metricsText(), 'messages_inbound_total', { channel: 'sandbox' })).toBe(counted);
  });

  it('shows connected sockets, WhatsApp sessions by status, the job figures by kind and the event-loop lag', async () => {
    const { company, admin } = await createCompany(t.db);
    await t.db.insert(connections).values({ companyId: company.id, name: 'Waiting for a scan', channel: 'whatsapp', status: 'TIMEOUT' });
    // a kind no process has a handler for, so the rows stay as written
    const job = { kind: 'metrics.probe', companyId: company.id, payload: { companyId: company.id }, priority: 0 };
    await t.db.insert(jobs).values([
      { ...job, runAt: sql`now() - interval '42 seconds'` },
      { ...job },
      { ...job, runAt: sql`now() + interval '1 hour'` },
      { ...job, state: 'running' },
      { ...job, state: 'failed' },
      { ...job, state: 'failed' },
    ]);
    const before = sample(await metricsText(), 'socketio_connected_sockets') ?? 0;
    const socket = await connectSocket(t, (await t.login(admin.email, TEST_PASSWORD)).token);
    try {
      const text = await metricsText();
      expect(sample(text, 'socketio_connected_sockets')).toBe(before + 1);
      expect(sample(text, 'whatsapp_sessions', { status: 'TIMEOUT' })).toBe(1);
      expect(sample(text, 'jobs_waiting', { kind: 'metrics.probe' })).toBe(3);
      expect(sample(text, 'jobs_running', { kind: 'metrics.probe' })).toBe(1);
      expect(sample(text, 'jobs_failed', { kind: 'metrics.probe' })).toBe(2);
      expect(sample(text, 'jobs_oldest_waiting_seconds', { kind: 'metrics.probe' })).toBeGreaterThanOrEqual(42);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
    } finally {
      socket.close();
    }
    await expect.poll(async () => sample(await metricsText(), 'socketio_connected_sockets')).toBe(before);
  });

  it('answers in the Prometheus text format', async () => {
    const answer = await t.request('GET', '/metrics');
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toMatch(/^# HELP http_request_duration_seconds /m);
    expect(answer.body).toMatch(/^# TYPE messages_inbound_total counter$/m);
  });
});

describe('who may read /metrics (issue 12 point 2)', () => {
  const token = 'metrics-token-0123456789abcdef';

  it('a direct loopback connection always; anything else only with METRICS_TOKEN as bearer', () => {
    for (const peerAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(mayReadMetrics({ peerAddress, forwarded: false }), peerAddress).toBe(true);
    }
    expect(mayReadMetrics({ peerAddress: '203.0.113.7', forwarded: false })).toBe(false);
    expect(mayReadMetrics({ peerAddress: undefined, forwarded: false })).toBe(false);
    expect(mayReadMetrics({ peerAddress: '203.0.113.7', forwarded: false, bearer: token })).toBe(false);
    expect(mayReadMetrics({ peerAddress: '203.0.113.7', forwarded: false }, token)).toBe(false);
    expect(mayReadMetrics({ peerAddress: '203.0.113.7', forwarded: false, bearer: `${token}x` }, token)).toBe(false);
    expect(mayReadMetrics({ peerAddress: '::ffff:10.0.0.1', forwarded: false, bearer: token }, token)).toBe(true);
    // a proxy on the same host connects from loopback: what it forwards is not the operator's scrape
    expect(mayReadMetrics({ peerAddress: '127.0.0.1', forwarded: true })).toBe(false);
    expect(mayReadMetrics({ peerAddress: '127.0.0.1', forwarded: true, bearer: token }, token)).toBe(true);
  });

  describe('over HTTP, behind a trusted proxy', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await startTestApp({ trustProxy: 1, metricsToken: token }, { database: t.database });
    });
    afterAll(() => proxied?.close());

    // every answer read to its end: one left unread keeps its connection busy, and the app's close waits for it
    const statusOf = async (answer: Promise<Response>) => {
      const response = await answer;
      await response.arrayBuffer();
      return response.status;
    };

    it('a client elsewhere is refused 403 without the token and served with it', async () => {
      const scrape = (headers: Record<string, string>) => fetch(`${proxied.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7', ...headers } });
      const refused = await scrape({});
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      expect(await statusOf(scrape({ authorization: 'Bearer wrong-token-wrong-token' }))).toBe(403);
      const served = await scrape({ authorization: `Bearer ${token}` });
      expect(served.status).toBe(200);
      expect(await served.text()).toContain('http_request_duration_seconds');
      // a forged header naming loopback opens nothing: loopback is the connection's own peer
      // address (issue 33 point 7)
      for (const forged of ['127.0.0.1', '::1', '203.0.113.7, 127.0.0.1']) {
        const answer = await fetch(`${proxied.url}/metrics`, { headers: { 'x-forwarded-for': forged } });
        expect(answer.status, forged).toBe(403);
        expect(await answer.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      }
      expect(await statusOf(fetch(`${proxied.url}/metrics`, { headers: { forwarded: 'for=127.0.0.1' } }))).toBe(403);
      // the operator's own scrape on the host, with no proxy in between, needs no token
      expect(await statusOf(fetch(`${proxied.url}/metrics`))).toBe(200);
      // the other operator routes stay open to the load balancer
      expect(await statusOf(fetch(`${proxied.url}/ready`, { headers: { 'x-forwarded-for': '203.0.113.7' } }))).toBe(200);
    });
  });
});

describe('secrets never reach the request log (issue 33 point 9)', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await startTestApp(
      { logLevel: 'info', pix: { ...t.config.pix, webhookSecret: 'pix-webhook-secret-0123456789' }, meta: { ...t.config.meta, verifyToken: 'meta-verify-token-0123456789' } },
      { database: t.database, logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(() => logged?.close());

  it("the Pix webhook's path secret, Meta's hub.verify_token and any token, secret or password query parameter are redacted", async () => {
    const calls = [
      `/subscription/webhook/pix-webhook-secret-0123456789`,
      `/subscription/webhook/pix-webhook-secret-0123456789/pix`,
      `/subscription/webhook/wrong-guess-of-the-secret-42?x=1`,
      `/webhooks/whatsappapi?hub.mode=subscribe&hub.verify_token=meta-verify-token-0123456789&hub.challenge=challenge-777`,
      `/webhooks/facebook?hub.mode=subscribe&hub%2Everify_token=meta-verify-token-0123456789&hub.challenge=challenge-778`,
      `/auth/me?token=query-token-0123456789&Password=query-password-0123&client_secret=query-secret-0123&page=2`,
    ];
    for (const path of calls) await fetch(`${logged.url}${path}`, { method: path.startsWith('/subscription') ? 'POST' : 'GET' });
    // the completion line of the last call is written once its answer has gone
    await expect.poll(() => lines.filter((line) => line.includes('request completed')).length).toBeGreaterThanOrEqual(calls.length);

    const text = lines.join('');
    for (const secret of ['pix-webhook-secret', 'wrong-guess-of-the-secret', 'meta-verify-token', 'query-token', 'query-password', 'query-secret']) {
      expect(text).not.toContain(secret);
    }
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/subscription/webhook/[redacted]',
        '/subscription/webhook/[redacted]/pix',
        '/subscription/webhook/[redacted]?x=1',
        '/webhooks/whatsappapi?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=challenge-777',
        '/webhooks/facebook?hub.mode=subscribe&hub%2Everify_token=[redacted]&hub.challenge=challenge-778',
        '/auth/me?token=[redacted]&Password=[redacted]&client_secret=[redacted]&page=2',
      ]),
    );
  });
});

describe('a shutdown no caller can hold (issue 33)', () => {
  it('a client that stops reading a large answer has its connection cut once the grace has passed, and the close ends', async () => {
    const held = await startTestApp({ jobs: { ...t.config.jobs, shutdownMs: 300 } }, { database: t.database });
    const socket = connect(Number(new URL(held.url).port), '127.0.0.1');
    const cut = new Promise((done) => socket.once('close', done));
    socket.on('error', () => undefined);
    // the reference page's script is large enough to fill the socket's buffers once nobody reads
    socket.write('GET /docs/swagger-ui-bundle.js HTTP/1.1\r\nhost: localhost\r\n\r\n');
    await new Promise((done) => socket.once('data', done));
    socket.pause();
    await held.close();
    // reading again, the client finds the answer cut short and the connection closed
    socket.resume();
    await cut;
    expect(socket.destroyed).toBe(true);
  });
});
