// Inbound ingestion and realtime delivery, on a fresh database each (the PostgreSQL server's
// `bench_ingest`, and PGlite, the default):
//  - ingestion: messages/s through POST /sandbox/{id}/messages (the inbound pipeline) from
//    BENCH_INGEST_CONCURRENCY (32) senders, while an admin's socket listens;
//  - webhook-to-agent: time from the webhook POST to the `company-{id}-appMessage` event at the
//    admin's socket.io-client, one message at a time (idle) and during the ingestion run (busy);
//  - fan-out: one inbound message delivered to 200 and 2,000 connected admin sockets, latency
//    from the POST to each socket's event; the client's sockets spread over worker threads.
// Each part prints the server's resident memory (RSS) at rest and after it.
// BENCH_INGEST_MESSAGES (3000) and BENCH_INGEST_DATABASES (postgres,pglite) narrow the run.
import { io as connect, type Socket } from 'socket.io-client';
import { Worker } from 'node:worker_threads';
import { BENCH_DB, call, freshDatabase, heading, line, loadAverages, login, ms, onServer, residentMb, startServer, summary, SUPER_EMAIL, type BenchServer } from './lib/common.ts';
import { record } from './lib/figures.ts';
import { httpClient } from './lib/load.ts';

const INGEST_MESSAGES = Number(process.env.BENCH_INGEST_MESSAGES ?? 3000);
const INGEST_CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 32);
const SEQUENTIAL = 300;
const FANOUT_EVENTS = 30;

type Session = { token: string; companyId: number };

const openSocket = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false, timeout: 30_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

// Resolves when the socket sees an appMessage whose body is `body`.
const listener = (socket: Socket, companyId: number) => {
  const waiting = new Map<string, (at: number) => void>();
  socket.on(`company-${companyId}-appMessage`, (payload: { action: string; message: { body: string } }) => {
    if (payload.action !== 'create') return;
    const done = waiting.get(payload.message.body);
    if (done) {
      waiting.delete(payload.message.body);
      done(performance.now());
    }
  });
  return (body: string, timeoutMs = 10_000) =>
    new Promise<number | undefined>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(body);
        resolve(undefined);
      }, timeoutMs);
      waiting.set(body, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
};

const setup = async (server: BenchServer) => {
  const answer = await login(server.url, SUPER_EMAIL);
  const session: Session = { token: answer.token, companyId: answer.user.companyId };
  const connection = await call<{ id: number }>(server.url, 'POST', '/sandbox/connections', session.token, { name: 'Bench sandbox' });
  // node:http with keep-alive, as the list's load (bench/lib/load.ts): fetch cost the 32 senders
  // about half a core of the two the server and PostgreSQL share
  return { session, connectionId: connection.id, client: httpClient(server.url, session.token, INGEST_CONCURRENCY) };
};

type Client = ReturnType<typeof httpClient>;

const inbound = async (client: Client, connectionId: number, index: number, body: string, customers: number) => {
  const from = `55219${String(10_000_000 + (index % customers)).slice(1)}`;
  const status = await client.send('POST', `/sandbox/${connectionId}/messages`, { from, name: `Bench ${index % customers}`, body, providerMessageId: body });
  if (status !== 201) throw new Error(`inbound ${body}: ${status}`);
};

const ingestion = async (kind: string, databaseUrl: string | undefined) => {
  const server = await startServer(databaseUrl);
  try {
    const { session, connectionId, client } = await setup(server);
    const rest = residentMb(server.pid);
    const socket = await openSocket(server.url, session.token);
    const arrival = listener(socket, session.companyId);

    // idle: one message at a time, each to an existing ticket after the first few
    const idle: number[] = [];
    for (let index = 0; index < SEQUENTIAL; index += 1) {
      const body = `${kind}-idle-${index}`;
      const at = performance.now();
      const seen = arrival(body);
      await inbound(client, connectionId, index, body, 50);
      const arrived = await seen;
      if (arrived !== undefined) idle.push(arrived - at);
    }

    // busy: INGEST_CONCURRENCY senders, 1,000 customers (new tickets first, then existing ones)
    const busy: number[] = [];
    let next = 0;
    let missing = 0;
    const started = performance.now();
    const sender = async () => {
      while (next < INGEST_MESSAGES) {
        const index = next;
        next += 1;
        const body = `${kind}-busy-${index}`;
        const at = performance.now();
        const seen = arrival(body, 30_000);
        await inbound(client, connectionId, index, body, 1000);
        const arrived = await seen;
        if (arrived === undefined) missing += 1;
        else busy.push(arrived - at);
      }
    };
    await Promise.all(Array.from({ length: INGEST_CONCURRENCY }, sender));
    const seconds = (performance.now() - started) / 1000;
    socket.disconnect();
    client.close();
    const i = summary(idle);
    const b = summary(busy);
    const throughput = INGEST_MESSAGES / seconds;
    record(`ingestion ${kind}: throughput`, throughput, 'msg/s');
    record(`ingestion ${kind}: webhook to agent idle p99`, i.p99, 'ms');
    record(`ingestion ${kind}: webhook to agent busy p99`, b.p99, 'ms');
    record(`ingestion ${kind}: server RSS after`, residentMb(server.pid), 'MB');
    line(
      `| ${kind} | ${throughput.toFixed(0)} msg/s (${INGEST_MESSAGES} in ${seconds.toFixed(1)} s, ${INGEST_CONCURRENCY} senders) | ` +
        `${ms(i.p50)} / ${ms(i.p99)} | ${ms(b.p50)} / ${ms(b.p99)} | ${missing} | ${rest.toFixed(0)} / ${residentMb(server.pid).toFixed(0)} MB |`,
    );
  } finally {
    await server.stop();
  }
};

// The fan-out client: sockets spread over worker threads (bench/lib/fanout-worker.ts).
const FANOUT_THREADS = Number(process.env.BENCH_FANOUT_THREADS ?? 4);

type FanoutWorker = { worker: Worker; next: (predicate: (message: FanoutReply) => boolean) => Promise<FanoutReply> };
type FanoutReply = { ready?: true; expecting?: string; body?: string; times?: (number | undefined)[] };

const startFanoutWorker = (data: { url: string; token: string; companyId: number; sockets: number }): FanoutWorker => {
  const worker = new Worker(new URL('./lib/fanout-worker-entry.mjs', import.meta.url), { workerData: data });
  const inbox: FanoutReply[] = [];
  const waiting: { predicate: (message: FanoutReply) => boolean; resolve: (message: FanoutReply) => void }[] = [];
  worker.on('message', (message: FanoutReply) => {
    const index = waiting.findIndex((entry) => entry.predicate(message));
    if (index >= 0) waiting.splice(index, 1)[0].resolve(message);
    else inbox.push(message);
  });
  return {
    worker,
    next: (predicate) => {
      const index = inbox.findIndex(predicate);
      if (index >= 0) return Promise.resolve(inbox.splice(index, 1)[0]);
      return new Promise((resolve) => waiting.push({ predicate, resolve }));
    },
  };
};

const absoluteNow = () => performance.timeOrigin + performance.now();

const fanOut = async (databaseUrl: string, sockets: number) => {
  const server = await startServer(databaseUrl);
  const workers: FanoutWorker[] = [];
  try {
    const { session, connectionId, client } = await setup(server);
    const rest = residentMb(server.pid);
    for (let index = 0; index < FANOUT_THREADS; index += 1) {
      const share = Math.floor(sockets / FANOUT_THREADS) + (index < sockets % FANOUT_THREADS ? 1 : 0);
      workers.push(startFanoutWorker({ url: server.url, token: session.token, companyId: session.companyId, sockets: share }));
    }
    await Promise.all(workers.map((worker) => worker.next((message) => message.ready === true)));
    const connected = residentMb(server.pid);
    const latencies: number[] = [];
    const spreads: number[] = [];
    let missing = 0;
    for (let index = 0; index < FANOUT_EVENTS; index += 1) {
      const body = `fanout-${sockets}-${index}`;
      for (const { worker } of workers) worker.postMessage({ expect: body });
      await Promise.all(workers.map((worker) => worker.next((message) => message.expecting === body)));
      const at = absoluteNow();
      await inbound(client, connectionId, index, body, 5);
      const replies = await Promise.all(workers.map((worker) => worker.next((message) => message.body === body)));
      const times = replies.flatMap((reply) => reply.times ?? []);
      const delivered = times.filter((time): time is number => typeof time === 'number').map((time) => time - at);
      missing += times.length - delivered.length;
      latencies.push(...delivered);
      if (delivered.length) spreads.push(Math.max(...delivered) - Math.min(...delivered));
      await new Promise((done) => setTimeout(done, 50));
    }
    client.close();
    const l = summary(latencies);
    const s = summary(spreads);
    const after = residentMb(server.pid);
    line(
      `| ${sockets} | ${FANOUT_EVENTS} | ${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)} | ${ms(s.p50)} / ${ms(s.max)} | ${missing} | ` +
        `${rest.toFixed(0)} / ${connected.toFixed(0)} / ${after.toFixed(0)} MB |`,
    );
    record(`fan-out ${sockets} sockets: p99`, l.p99, 'ms');
    record(`fan-out ${sockets} sockets: server RSS after`, after, 'MB');
  } finally {
    for (const { worker } of workers) worker.postMessage({ close: true });
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
    await server.stop();
  }
};

export const benchRealtime = async () => {
  const ingestDb = `${BENCH_DB}_ingest`;
  heading('Inbound ingestion and webhook-to-agent latency (fresh database, one server process)');
  line(`load averages ${loadAverages()}`);
  line('| database | throughput | POST -> appMessage, idle p50 / p99 | POST -> appMessage, during the throughput run p50 / p99 | events missing | server RSS at rest / after |');
  line('|---|---|---|---|---|---|');
  const kinds = (process.env.BENCH_INGEST_DATABASES ?? 'postgres,pglite').split(',');
  if (kinds.includes('postgres')) await ingestion('postgres', await freshDatabase(ingestDb));
  if (kinds.includes('pglite')) await ingestion('pglite', undefined);

  heading('Fan-out: one inbound message to N connected admin sockets (PostgreSQL server)');
  line(`client: ${FANOUT_THREADS} worker threads; load averages ${loadAverages()}`);
  line('| sockets | events | POST -> socket p50 / p99 / max | first-to-last socket p50 / max | deliveries missing | server RSS at rest / sockets connected / after |');
  line('|---|---|---|---|---|---|');
  for (const sockets of [200, 2000]) await fanOut(await freshDatabase(ingestDb), sockets);
  await onServer(`drop database if exists ${ingestDb} with (force)`);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRealtime();
}
