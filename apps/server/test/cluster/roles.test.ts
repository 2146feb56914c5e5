// Issue 34 point 1: a process is `web`, `worker` or both (PROCESS_ROLE). Only under `npm run
// test:pg` (the roles meet in a PostgreSQL server and Redis). A web process and a worker process
// over one database and Redis, running support/fake-whatsapp-server.ts (the real server with fake
// WhatsApp sockets that log what they do): what a user does through the web process that needs a
// job is carried out by the worker, the worker's events reach the web process's sockets through
// the Redis adapter, the WhatsApp sessions live on the worker and the web process reaches them,
// and the web process runs no job at all.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Json } from '../helpers/json.ts';
import { dropServerDatabase, SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/database-template.ts';
import { callServer, waitUntil } from '../crash/support/http.ts';
import { freePort, serverProcess, type ServerProcess } from '../crash/support/server-process.ts';
import { databaseFromTemplate, deploymentEnv } from './support/deployment.ts';

const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('the roles test runs on the PostgreSQL server only');

const LEASE_SECONDS = 6;

let databaseName: string;
let query: pg.Client;
let dataDir: string;
let web: ServerProcess;
let worker: ServerProcess;
const sockets: Socket[] = [];
let token: string;
let companyId: number;
let userId: number;

const sql = async (text: string, params: unknown[] = []) => (await query.query(text, params)).rows;
const call = (server: ServerProcess, method: string, path: string, body?: unknown) => callServer(server.url, method, path, token, body);
const outputOf = (server: ServerProcess) => server.outputs.join('');
const fakeLines = (server: ServerProcess, kind: string, connectionId: number, text = '') =>
  outputOf(server)
    .split('\n')
    .filter((line) => (text ? line.startsWith(`fake-whatsapp ${kind} ${connectionId} ${text}`) : line === `fake-whatsapp ${kind} ${connectionId}`));

// jobs_run_total's samples in a process's /metrics: kind -> count
const jobsRun = async (server: ServerProcess) => {
  const text = await fetch(`${server.url}/metrics`).then((answer) => answer.text());
  return Object.fromEntries([...text.matchAll(/^jobs_run_total\{kind="([^"]+)"\} (\d+)/gm)].map(([, kind, count]) => [kind, Number(count)]));
};

const socketTo = async (server: ServerProcess) => {
  const socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  return socket;
};

// the first `company-{id}-{event}` payload the predicate accepts
const nextEvent = (socket: Socket, event: string, accept: (payload: Json) => boolean) =>
  new Promise<Json>((done) => {
    const channel = `company-${companyId}-${event}`;
    const listener = (payload: Json) => {
      if (!accept(payload)) return;
      socket.off(channel, listener);
      done(payload);
    };
    socket.on(channel, listener);
  });

beforeAll(async () => {
  const database = await databaseFromTemplate(template, 't_roles');
  databaseName = database.name;
  const databaseUrl = database.url;
  query = new pg.Client({ connectionString: databaseUrl });
  await query.connect();
  dataDir = mkdtempSync(join(tmpdir(), 'atende-roles-'));
  const env = {
    ...deploymentEnv('roles'),
    WHATSAPP_LEASE_SECONDS: String(LEASE_SECONDS),
    JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
    // the server's own log at info: the web process's would show any job it ran
    LOG_LEVEL: 'info',
  };
  const entry = 'apps/server/test/cluster/support/fake-whatsapp-server.ts';
  web = serverProcess({ dataDir: join(dataDir, 'web'), port: await freePort(), databaseUrl, entry, env: { ...env, PROCESS_ROLE: 'web' } });
  worker = serverProcess({ dataDir: join(dataDir, 'worker'), port: await freePort(), databaseUrl, entry, env: { ...env, PROCESS_ROLE: 'worker' }, readyPath: '/health' });
  await Promise.all([web.start(), worker.start()]);
  const session = await callServer(web.url, 'POST', '/auth/login', undefined, { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  token = session.body.token;
  companyId = session.body.user.companyId;
  userId = session.body.user.id;
}, 240_000);

afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await Promise.all([web, worker].filter(Boolean).map((server) => server.stop()));
  await query?.end();
  if (databaseName) await dropServerDatabase(template.serverUrl, databaseName);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

describe('PROCESS_ROLE: a web process and a worker process (issue 34 point 1)', () => {
  it('the worker answers /health, /ready and /metrics, and nothing else: no API, no web app, no sockets', async () => {
    expect(await callServer(worker.url, 'GET', '/health')).toMatchObject({ status: 200 });
    expect(await callServer(worker.url, 'GET', '/ready')).toMatchObject({ status: 200, body: { checks: { database: 'ok', migrations: 'ok', redis: 'ok' } } });
    expect((await fetch(`${worker.url}/metrics`)).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/version'],
      ['POST', '/auth/login'],
      ['GET', '/tickets'],
      ['GET', '/'],
      ['GET', '/socket.io/?EIO=4&transport=polling'],
    ]) {
      expect((await fetch(`${worker.url}${path}`, { method })).status, `${method} ${path}`).toBe(404);
    }
    expect((await callServer(web.url, 'GET', '/version')).status).toBe(200);
  });

  it('a reply sent through the web process leaves through the worker; the worker\'s update reaches a socket on the web process; the web process ran no job', async () => {
    const created = await call(web, 'POST', '/sandbox/connections', { name: 'Roles sandbox' });
    expect(created.status).toBe(201);
    const sandboxId: number = created.body.id;
    const inbound = await call(web, 'POST', `/sandbox/${sandboxId}/messages`, { from: '5511944443333', name: 'Cliente', body: 'oi', providerMessageId: randomUUID() });
    expect(inbound.status).toBe(201);
    const ticketId: number = inbound.body.ticketId;
    expect((await call(web, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId })).status).toBe(200);

    const socket = await socketTo(web);
    // the update after the send carries the provider's id: only the worker, which sent it, knows it
    const sentEvent = nextEvent(socket, 'appMessage', (payload) => payload?.action === 'update' && payload.message?.body === 'reply through web' && Boolean(payload.message?.ack >= 1));
    expect((await call(web, 'POST', `/messages/${ticketId}`, { body: 'reply through web' })).status).toBe(201);
    expect(await sentEvent).toMatchObject({ message: { body: 'reply through web', fromMe: true } });
    const outbox = (await call(web, 'GET', `/sandbox/${sandboxId}/outbox`)).body as Json[];
    expect(outbox.filter((message) => message.body === 'reply through web')).toHaveLength(1);

    expect(await jobsRun(worker)).toMatchObject({ 'message.outbound': expect.any(Number) });
    expect(await jobsRun(web)).toEqual({});
  });

  it('a WhatsApp connection created through the web process opens on the worker; a send, read receipts, disconnect and try again through the web process reach it there', async () => {
    const socket = await socketTo(web);
    const connected = nextEvent(socket, 'whatsapp', (payload) => payload?.action === 'update' && payload.whatsapp?.status === 'CONNECTED');
    const created = await call(web, 'POST', '/whatsapp', { name: 'Roles WhatsApp', channel: 'whatsapp' });
    expect(created.status).toBe(201);
    const whatsappId: number = created.body.id;
    // the status is the worker's to write, and its event comes to the web process's socket
    expect(await connected).toMatchObject({ whatsapp: { id: whatsappId } });
    expect(fakeLines(worker, 'opened', whatsappId)).toHaveLength(1);

    // a send through the web process, made by the worker's socket
    const contact = await call(web, 'POST', '/contacts', { name: 'Cliente WhatsApp', number: '5511933332222' });
    expect(contact.status).toBe(201);
    const ticket = await call(web, 'POST', '/tickets', { contactId: contact.body.id, whatsappId, status: 'open' });
    expect(ticket.status).toBe(201);
    expect((await call(web, 'POST', `/messages/${ticket.body.id}`, { body: 'whatsapp through web' })).status).toBe(201);
    await waitUntil(() => fakeLines(worker, 'sent', whatsappId, 'whatsapp through web').length === 1, 'the worker sending', 30_000);

    // an attendant reads the ticket through the web process: the receipts leave through the worker's socket
    const ticketId: number = ticket.body.id;
    const providerId = `IN${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;
    await sql(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, provider_message_id) values ($1, $2, $3, $4, 'unread', false, $5)`,
      [companyId, ticketId, contact.body.id, whatsappId, providerId],
    );
    await sql(`update tickets set unread_messages = 1 where id = $1`, [ticketId]);
    expect((await call(web, 'GET', `/messages/${ticketId}`)).status).toBe(200);
    await waitUntil(() => fakeLines(worker, 'read', whatsappId, providerId).length === 1, 'the read receipts', 30_000);

    // disconnect: the worker owns the session, and gets the command through its lease row
    const disconnected = nextEvent(socket, 'whatsapp', (payload) => payload?.whatsapp?.id === whatsappId && payload.whatsapp?.status === 'DISCONNECTED');
    expect((await call(web, 'DELETE', `/whatsappsession/${whatsappId}`)).status).toBe(200);
    await disconnected;

    // try again: no process holds the session now, and the web process runs none; the worker starts it
    const again = nextEvent(socket, 'whatsapp', (payload) => payload?.whatsapp?.id === whatsappId && payload.whatsapp?.status === 'CONNECTED');
    expect((await call(web, 'POST', `/whatsappsession/${whatsappId}`)).status).toBe(200);
    await again;
    expect(fakeLines(worker, 'opened', whatsappId)).toHaveLength(2);

    expect(fakeLines(web, 'opened', whatsappId)).toEqual([]);
    expect(await jobsRun(web)).toEqual({});
    expect(await jobsRun(worker)).toMatchObject({ 'whatsapp.sessionStart': expect.any(Number), 'whatsapp.readReceipts': 1 });
  }, 90_000);
});
