// Issue 12 point 5: three server processes over one PostgreSQL server and Redis. Only under
// `npm run test:pg` (vitest.config.ts leaves this folder out without TEST_DATABASE_URL and
// TEST_REDIS_URL). The processes run support/fake-whatsapp-server.ts: the real server with fake
// WhatsApp sockets that log what they do, and short leases so a death is noticed within the test.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Json } from '../helpers/json.ts';
import { dropServerDatabase, SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/database-template.ts';
import { freePort, serverProcess, type ServerProcess } from '../crash/support/server-process.ts';
import { balancer } from './support/balancer.ts';
import { databaseFromTemplate, deploymentEnv } from './support/deployment.ts';

const LEASE_SECONDS = 5;
const ADOPTION_BOUND_MS = 30_000;

const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('the cluster test runs on the PostgreSQL server only');

let databaseName: string;
let query: pg.Client;
let dataDir: string;
let processes: ServerProcess[] = [];
const sockets: Socket[] = [];
const balancers: Awaited<ReturnType<typeof balancer>>[] = [];
let token: string;
let companyId: number;
let userId: number;

const sql = async <T = Json>(text: string, params: unknown[] = []) => (await query.query(text, params)).rows as T[];

const call = async (server: ServerProcess | string, method: string, path: string, body?: unknown, as = token) => {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${as}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const base = typeof server === 'string' ? server : server.url;
  const answer = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
};

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const outputOf = (server: ServerProcess) => server.outputs.join('');
const fakeLines = (server: ServerProcess, kind: string, connectionId: number, text = '') =>
  outputOf(server)
    .split('\n')
    .filter((line) => (text ? line.startsWith(`fake-whatsapp ${kind} ${connectionId} ${text}`) : line === `fake-whatsapp ${kind} ${connectionId}`));

// the ports of those processes that run, in this order of preference
const portsOf = (servers: ServerProcess[]) => servers.filter((server) => server.running()).map((server) => Number(new URL(server.url).port));

const signIn = async (server: ServerProcess, email: string, password: string) => {
  const answer = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return answer.json();
};

const socketTo = async (url: string, as = token) => {
  const socket = connectSocket(url, { auth: { token: as }, transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 500 });
  sockets.push(socket);
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  return socket;
};

// the next `company-{id}-appMessage` whose message body is `body`
const messageEvent = (socket: Socket, body: string) =>
  new Promise<Json>((done) => {
    const listener = (payload: Json) => {
      if (payload?.message?.body !== body) return;
      socket.off(`company-${companyId}-appMessage`, listener);
      done(payload);
    };
    socket.on(`company-${companyId}-appMessage`, listener);
  });

const customerMessage = (server: ServerProcess, connectionId: number, body: string, from = '5511977776666') =>
  call(server, 'POST', `/sandbox/${connectionId}/messages`, { from, name: 'Cliente', body, providerMessageId: randomUUID() });

beforeAll(async () => {
  const database = await databaseFromTemplate(template, 't_cluster');
  databaseName = database.name;
  const databaseUrl = database.url;
  query = new pg.Client({ connectionString: databaseUrl });
  await query.connect();
  dataDir = mkdtempSync(join(tmpdir(), 'atende-cluster-'));
  const env = {
    ...deploymentEnv('cluster'),
    WHATSAPP_LEASE_SECONDS: String(LEASE_SECONDS),
    JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
    JOBS_SHUTDOWN_SECONDS: '5',
  };
  processes = await Promise.all(
    ['a', 'b', 'c'].map(async (name) =>
      serverProcess({ dataDir: join(dataDir, name), port: await freePort(), databaseUrl, entry: 'apps/server/test/cluster/support/fake-whatsapp-server.ts', env }),
    ),
  );
  await Promise.all(processes.map((server) => server.start()));
  const session = await signIn(processes[0], SUPER_EMAIL, SUPER_PASSWORD);
  token = session.token;
  companyId = session.user.companyId;
  userId = session.user.id;
}, 240_000);

afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await Promise.all(balancers.map((one) => one.close()));
  await Promise.all(processes.map((server) => server.stop()));
  await query?.end();
  if (databaseName) await dropServerDatabase(template.serverUrl, databaseName);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

describe('three processes on one PostgreSQL server and Redis (issue 12 point 5)', () => {
  let sandboxId: number;

  it('a socket on process A receives the events of a change made through process B (issue 12 point 5)', async () => {
    const [a, b] = processes;
    const created = await call(a, 'POST', '/sandbox/connections', { name: 'Cluster sandbox' });
    expect(created.status).toBe(201);
    sandboxId = created.body.id;
    const socket = await socketTo(a.url);
    const event = messageEvent(socket, 'hello through B');
    expect((await customerMessage(b, sandboxId, 'hello through B')).status).toBe(201);
    expect(await event).toMatchObject({ action: 'create', message: { body: 'hello through B', fromMe: false } });
  });

  it('jobs enqueued anywhere run exactly once in effect: each reply is in the sandbox outbox once (issue 12 point 5)', async () => {
    const inbound = await customerMessage(processes[1], sandboxId, 'please answer', '5511955554444');
    const ticketId: number = inbound.body.ticketId;
    expect((await call(processes[1], 'PUT', `/tickets/${ticketId}`, { status: 'open', userId })).status).toBe(200);
    const replies = Array.from({ length: 30 }, (_, index) => `reply ${String(index).padStart(2, '0')}`);
    const sent = await Promise.all(replies.map((body, index) => call(processes[index % 3], 'POST', `/messages/${ticketId}`, { body })));
    expect(sent.map((answer) => answer.status)).toEqual(replies.map(() => 201));

    const outbox = await waitFor('every reply in the outbox', async () => {
      const listed = (await call(processes[2], 'GET', `/sandbox/${sandboxId}/outbox`)).body as Json[];
      const ours = listed.filter((message) => String(message.body).startsWith('reply '));
      return ours.length >= replies.length && ours;
    });
    expect(outbox.map((message: Json) => message.body).sort()).toEqual(replies);
    // a job is marked completed just after its send is recorded
    await waitFor('the jobs finished', async () => {
      const [unfinished] = await sql(
        `select count(*)::int as count from jobs where kind = 'message.outbound' and (payload->>'connectionId')::int = $1 and state in ('waiting', 'running')`,
        [sandboxId],
      );
      return unfinished.count === 0;
    });
    const jobs = await sql(
      `select state, count(*)::int as count from jobs where kind = 'message.outbound' and (payload->>'connectionId')::int = $1 group by state`,
      [sandboxId],
    );
    expect(jobs).toEqual([{ state: 'completed', count: replies.length }]);
    const stored = await sql(`select body, ack, provider_message_id from messages where ticket_id = $1 and from_me order by body`, [ticketId]);
    expect(stored.map((message) => message.body)).toEqual(replies);
    expect(stored.every((message) => message.ack >= 1 && message.provider_message_id)).toBe(true);
  });

  let owner: ServerProcess;
  let whatsappId: number;
  let ticketIds: number[];

  it('after SIGKILL of a process, its WhatsApp session is adopted within 30 s, its in-flight job runs after its lease ran out, and its clients reconnect to a survivor and resync (issue 12 point 5)', async () => {
    const created = await call(processes[1], 'POST', '/whatsapp', { name: 'Cluster WhatsApp', channel: 'whatsapp' });
    expect(created.status).toBe(201);
    whatsappId = created.body.id;
    await waitFor('the session connected', async () => (await call(processes[0], 'GET', `/whatsapp/${whatsappId}`)).body?.status === 'CONNECTED');
    const openers = processes.filter((server) => fakeLines(server, 'opened', whatsappId).length > 0);
    expect(openers).toHaveLength(1);
    owner = openers[0];
    const survivors = processes.filter((server) => server !== owner);
    const [lease] = await sql(`select owner from whatsapp_session_leases where connection_id = $1`, [whatsappId]);

    ticketIds = [];
    for (const number of ['5511988880001', '5511988880002']) {
      const contact = await call(survivors[0], 'POST', '/contacts', { name: `Cliente ${number}`, number });
      expect(contact.status).toBe(201);
      const ticket = await call(survivors[0], 'POST', '/tickets', { contactId: contact.body.id, whatsappId, status: 'open' });
      expect(ticket.status).toBe(201);
      ticketIds.push(ticket.body.id);
    }

    // a client behind the balancer, served by the owner while it lives
    const lb = await balancer(() => portsOf([owner, ...survivors]));
    balancers.push(lb);
    const client = await socketTo(lb.url);
    const disconnected = new Promise<string>((done) => client.once('disconnect', done));

    // a send only the owner may run (it holds the socket), stuck there when the owner dies
    const inFlight = `in flight hang-in-${owner.pid()}`;
    expect((await call(survivors[0], 'POST', `/messages/${ticketIds[0]}`, { body: inFlight })).status).toBe(201);
    await waitFor('the owner sending', () => fakeLines(owner, 'sending', whatsappId, inFlight).length === 1);
    const [job] = await sql(`select id, claim_token from jobs where kind = 'message.outbound' and state = 'running'`);

    lb.state.accepting = false;
    const killedAt = Date.now();
    await owner.kill();
    await disconnected;
    // a change while the client reaches no process
    await customerMessage(survivors[0], sandboxId, 'while you were away');

    // adopted: another live lease, a socket opened by a survivor, the session connected again
    const adopter = await waitFor(
      'the session adopted',
      async () => {
        const [current] = await sql(`select owner from whatsapp_session_leases where connection_id = $1 and expires_at > now()`, [whatsappId]);
        const opened = survivors.find((server) => fakeLines(server, 'opened', whatsappId).length > 0);
        const status = (await call(survivors[0], 'GET', `/whatsapp/${whatsappId}`)).body?.status;
        return current && current.owner !== lease.owner && status === 'CONNECTED' && opened;
      },
      Math.max(0, ADOPTION_BOUND_MS - (Date.now() - killedAt)),
    );

    // the in-flight send went out once, from the adopter, on a later claim of the same job
    await waitFor('the in-flight send', () => fakeLines(adopter, 'sent', whatsappId, inFlight).length === 1);
    // marked completed just after the send is recorded
    const rerun = await waitFor('the in-flight job completed', async () => {
      const [row] = await sql(`select state, attempts, claim_token from jobs where id = $1`, [job.id]);
      return row.state !== 'running' && row.state !== 'waiting' && row;
    });
    expect(rerun.state).toBe('completed');
    expect(rerun.attempts).toBeGreaterThanOrEqual(2);
    expect(rerun.claim_token).not.toBe(job.claim_token);
    expect(processes.flatMap((server) => fakeLines(server, 'sent', whatsappId, inFlight))).toHaveLength(1);
    const [message] = await sql(`select ack from messages where body = $1`, [inFlight]);
    expect(message.ack).toBeGreaterThanOrEqual(1);

    // the client reconnects through the balancer to a survivor and resyncs, as the web does when
    // the connection's state was not recovered: it reads again what it shows
    const reconnected = new Promise<boolean>((done) => client.once('connect', () => done(client.recovered)));
    lb.state.accepting = true;
    expect(await reconnected).toBe(false);
    const ticketOfGap = (await sql(`select ticket_id from messages where body = 'while you were away'`))[0].ticket_id;
    const resynced = await call(lb.url, 'GET', `/messages/${ticketOfGap}`);
    expect(resynced.body.messages.map((m: Json) => m.body)).toContain('while you were away');
    // and live events reach it again, whichever process makes the change
    const live = messageEvent(client, 'after the reconnection');
    await customerMessage(survivors[1], sandboxId, 'after the reconnection');
    await live;
  }, 120_000);

  it('SIGTERM is graceful: it stops accepting, finishes running jobs up to the deadline, hands back its leases at once and closes its sockets (issue 12 point 5)', async () => {
    const [currentLease] = await sql(`select owner from whatsapp_session_leases where connection_id = $1`, [whatsappId]);
    const leaving = processes.find((server) => server.running() && fakeLines(server, 'opened', whatsappId).length > 0)!;
    const staying = processes.find((server) => server.running() && server !== leaving)!;
    // the killed process comes back, so that an event reaches `staying` through Redis
    await owner.start();

    const lb = await balancer(() => portsOf([leaving, staying, owner]));
    balancers.push(lb);
    const onLeaving = await socketTo(lb.url);
    const leavingClosed = new Promise<string>((done) => onLeaving.once('disconnect', done));
    const onStaying = await socketTo(staying.url);
    const stayingDropped = new Promise<never>((_, fail) =>
      onStaying.once('disconnect', (reason) => fail(new Error(`a socket of a process that stays was dropped: ${reason}`))),
    );
    stayingDropped.catch(() => undefined);

    // two sends running on the leaving process: one ends within the deadline, one never does
    const stuck = `stuck hang-in-${leaving.pid()}`;
    const finishing = `finishing slow-in-${leaving.pid()}`;
    await call(staying, 'POST', `/messages/${ticketIds[1]}`, { body: stuck });
    await waitFor('the stuck send running', () => fakeLines(leaving, 'sending', whatsappId, stuck).length === 1);
    await call(staying, 'POST', `/messages/${ticketIds[0]}`, { body: finishing });
    await waitFor('the slow send running', () => fakeLines(leaving, 'sending', whatsappId, finishing).length === 1);
    const running = await sql(`select id, claim_token from jobs where kind = 'message.outbound' and state = 'running' order by id`);
    expect(running).toHaveLength(2);

    lb.state.accepting = false;
    const stopped = leaving.stop();
    // stops accepting while it still finishes its work
    await waitFor('requests refused', async () => {
      const answer = await fetch(`${leaving.url}/version`).then((response) => response.status, () => 'refused');
      return answer !== 200;
    });
    await stopped;

    // the job that could finish did, on the leaving process; the stuck one was handed back, and
    // so was the WhatsApp session: nothing is left under the leaving process's name
    expect(fakeLines(leaving, 'sent', whatsappId, finishing)).toHaveLength(1);
    const [finished] = await sql(`select state from jobs where id = $1`, [running[1].id]);
    expect(finished.state).toBe('completed');
    expect(await sql(`select id from jobs where claim_token = $1 and state = 'running'`, [running[0].claim_token])).toEqual([]);
    expect(await sql(`select owner from whatsapp_session_leases where owner = $1`, [currentLease.owner])).toEqual([]);
    // its sockets were closed, and their client reconnects through the balancer to another
    // process and recovers what it missed meanwhile: only a session closed by the server is kept
    // (a killed process's clients above were not recovered)
    expect(await leavingClosed).toBe('transport close');
    const missed = messageEvent(onLeaving, 'while the process stopped');
    await customerMessage(staying, sandboxId, 'while the process stopped');
    const reconnected = new Promise<boolean>((done) => onLeaving.once('connect', () => done(onLeaving.recovered)));
    lb.state.accepting = true;
    expect(await reconnected).toBe(true);
    await missed;

    // another process takes the session and sends the stuck message, once
    await waitFor('the stuck send delivered', () => processes.some((server) => fakeLines(server, 'sent', whatsappId, stuck).length === 1));
    expect(processes.flatMap((server) => fakeLines(server, 'sent', whatsappId, stuck))).toHaveLength(1);

    // the other processes' sockets stayed: an event sent through Redis after the shutdown's
    // disconnect finds the same socket connected
    const marker = messageEvent(onStaying, 'after the shutdown');
    await customerMessage(owner, sandboxId, 'after the shutdown');
    await Promise.race([marker, stayingDropped]);
  }, 120_000);

  it("a user's changed queues retarget its sockets on the other processes before the change is announced (01-core §6, issue 12 point 5)", async () => {
    // last, with the two processes still running: queues in the company change how tickets open
    const [a, b] = processes.filter((server) => server.running());
    const [first, second] = await Promise.all(
      [
        ['Primeira fila', '#1565c0'],
        ['Segunda fila', '#2e7d32'],
      ].map(async ([name, color]) => {
        const queue = await call(a, 'POST', '/queue', { name, color });
        expect(queue.status, JSON.stringify(queue.body)).toBe(201);
        return queue.body.id as number;
      }),
    );
    const email = 'fila@cluster.test';
    const created = await call(a, 'POST', '/users', { name: 'Atendente de fila', email, password: 'fila-password', profile: 'user', queueIds: [first] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const signedIn = await signIn(a, email, 'fila-password');
    const socket = await socketTo(b.url, signedIn.token);
    const messages: Json[] = [];
    socket.on(`company-${companyId}-appMessage`, (payload: Json) => messages.push(payload));
    // the next announcement of the user's change, named `name`
    const announced = (name: string) =>
      new Promise<void>((done) => {
        const listener = (payload: Json) => {
          if (payload?.user?.id !== created.body.id || payload.user.name !== name) return;
          socket.off(`company-${companyId}-user`, listener);
          done();
        };
        socket.on(`company-${companyId}-user`, listener);
      });
    const change = (name: string, queueIds: number[]) => call(a, 'PUT', `/users/${created.body.id}`, { name, email, queueIds });

    // changed through one process while the user's socket is on the other
    const moved = announced('Atendente da segunda fila');
    expect((await change('Atendente da segunda fila', [second])).status).toBe(200);
    await moved;
    const { ticketId } = (await customerMessage(a, sandboxId, 'para a segunda fila', '5511955553333')).body;
    expect((await call(a, 'PUT', `/tickets/${ticketId}`, { queueId: second })).status).toBe(200);
    await customerMessage(a, sandboxId, 'já na segunda fila', '5511955553333');
    // a marker: another change of the user, announced after the message's event
    const marker = announced('Atendente marcador');
    await change('Atendente marcador', [second]);
    await marker;
    expect(messages.map((payload) => payload.message.body)).toContain('já na segunda fila');
    expect(messages.find((payload) => payload.message.body === 'já na segunda fila')).toMatchObject({ ticket: { id: ticketId, queueId: second } });
  });
});
