// Issue 33 point 1: no request can crash the process. The real server as a child process with the
// real Baileys socket factory, on a machine with no route to WhatsApp: its WebSocket URL is a
// loopback port that accepts connections and never answers (each socket stays connecting), later
// one that refuses them. Creating a connection and starting its session at once killed the server
// in 2 of 6 tries: Baileys' end() on a WebSocket still connecting emitted an 'error' nobody heard.
// Then the process's own policy for errors nothing caught (docs/operations.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCEPTION_MESSAGE, REJECTION_MESSAGE } from './support/faults.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, serverProcess, type ServerProcess } from './support/server-process.ts';
import { callServer, waitUntil as waitUntilWithin } from './support/http.ts';
import { databaseUnderTest, type DatabaseUnderTest } from './support/stored-state.ts';

const TRIES = 6;

let dataDir: string;
let database: DatabaseUnderTest;
let server: ServerProcess;
// "WhatsApp": accepts the WebSocket's TCP connection and never answers its upgrade
let silent: Server;
const accepted: Socket[] = [];

const call = (method: string, path: string, token?: string, body?: unknown) => callServer(server.url, method, path, token, body);

const waitUntil = (done: () => boolean | Promise<boolean>, what: string) =>
  waitUntilWithin(done, what, 60_000, () => `; the server's output:\n${server.outputs.join('\n---\n')}`);

const output = () => server.outputs.at(-1) ?? '';

beforeAll(async () => {
  silent = createServer((socket) => {
    accepted.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  const address = silent.address();
  const whatsappPort = typeof address === 'object' && address ? address.port : 0;
  dataDir = mkdtempSync(join(tmpdir(), 'atende-whatsapp-unreachable-'));
  database = await databaseUnderTest(dataDir);
  server = serverProcess({
    dataDir,
    port: await freePort(),
    databaseUrl: database.databaseUrl,
    entry: 'apps/server/test/crash/support/real-baileys-server.ts',
    env: { TEST_WHATSAPP_URL: `ws://127.0.0.1:${whatsappPort}/ws/chat` },
  });
  await server.start();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  for (const socket of accepted) socket.destroy();
  silent?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('WhatsApp unreachable, real Baileys in a server process (02-operations §7 Connections; ARCHITECTURE §4 no tenant can hurt the process)', () => {
  let adminToken: string;
  let otherToken: string;

  it(`${TRIES} times POST /whatsapp then POST /whatsappsession/{id} while the socket connects: the process answers /health and serves another company (02-operations §4 Connection status)`, async () => {
    const login = await call('POST', '/auth/login', undefined, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    adminToken = login.body.token;
    // another company, made by the super admin (a public sign-up would wait for its email's
    // verification: the process runs in development, where mails go to its log)
    const plan = await call('POST', '/plans', adminToken, { name: 'Plano outra empresa', users: 2 });
    expect(plan.status).toBe(201);
    const other = { name: 'Outra Empresa', adminName: 'Ana Outra', email: 'ana@outra.test', password: 'outra-1', phone: '11987654321', planId: plan.body.id, dueDate: '2099-01-01' };
    expect((await call('POST', '/companies', adminToken, other)).status).toBe(201);
    otherToken = (await call('POST', '/auth/login', undefined, { email: other.email, password: other.password })).body.token;

    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      const before = accepted.length;
      const created = await call('POST', '/whatsapp', adminToken, { name: `Sem rota ${attempt}`, channel: 'whatsapp' });
      expect(created.status).toBe(201);
      const id: number = created.body.id;
      // half the tries start the session at once; the others once its WebSocket is connecting,
      // when closing it is what killed the process
      if (attempt % 2 === 0) await waitUntil(() => accepted.length > before, `the WebSocket of try ${attempt}`);
      expect((await call('POST', `/whatsappsession/${id}`, adminToken)).status).toBe(200);
      expect((await call('PUT', `/whatsappsession/${id}`, adminToken)).status).toBe(200);
      await waitUntil(() => accepted.length > before + 1, `a new WebSocket of try ${attempt}`);
      expect((await call('DELETE', `/whatsappsession/${id}`, adminToken)).status).toBe(200);
      if (attempt % 3 === 0) expect((await call('DELETE', `/whatsapp/${id}`, adminToken)).status).toBe(204);
      expect((await call('GET', '/health')).status).toBe(200);
    }

    expect(server.running()).toBe(true);
    expect(await call('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const others = await call('GET', '/whatsapp/?session=0', otherToken);
    expect(others).toMatchObject({ status: 200, body: [] });
    expect((await call('GET', '/auth/me', otherToken)).body).toMatchObject({ email: 'ana@outra.test' });
  });

  it('with WhatsApp refusing connections a new session ends DISCONNECTED, shown on its connection (02-operations §4 Connection status)', async () => {
    silent.close();
    for (const socket of accepted) socket.destroy();
    const created = await call('POST', '/whatsapp', adminToken, { name: 'Recusada', channel: 'whatsapp' });
    expect(created.status).toBe(201);
    await waitUntil(async () => (await call('GET', `/whatsapp/${created.body.id}?session=0`, adminToken)).body.status === 'DISCONNECTED', 'DISCONNECTED');
    expect(server.running()).toBe(true);
  });

  it('an unhandled rejection is logged with its stack and the process goes on; an uncaught exception is logged as fatal and the process exits with code 1 (docs/operations.md Errors nothing caught)', async () => {
    process.kill(server.pid() ?? 0, 'SIGUSR2');
    await waitUntil(() => output().includes(REJECTION_MESSAGE), 'the rejection in the log');
    const rejection = output().split('\n').find((line) => line.includes(REJECTION_MESSAGE)) ?? '';
    expect(JSON.parse(rejection)).toMatchObject({ level: 50, msg: 'unhandled rejection; the process goes on', err: { message: REJECTION_MESSAGE } });
    expect(JSON.parse(rejection).err.stack).toContain('real-baileys-server.ts');
    expect((await call('GET', '/health')).status).toBe(200);

    process.kill(server.pid() ?? 0, 'SIGUSR2');
    await waitUntil(() => !server.running(), 'the process to exit');
    expect(server.exitCode()).toBe(1);
    const fatal = output().split('\n').find((line) => line.includes(EXCEPTION_MESSAGE)) ?? '';
    expect(JSON.parse(fatal)).toMatchObject({ level: 60, err: { message: EXCEPTION_MESSAGE } });
    expect(JSON.parse(fatal).msg).toMatch(/^uncaught exception/);
    expect(JSON.parse(fatal).err.stack).toContain('real-baileys-server.ts');
  });
});
