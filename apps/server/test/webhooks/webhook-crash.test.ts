// Issue 37 point 1: a webhook delivery survives the SIGKILL of the process that was sending it. The
// real server as a child process; the receiver on loopback holds the first attempt unanswered, the
// process is killed meanwhile and started again, and the delivery is made again once the killed
// attempt's lease runs out: the receiver has the event exactly once by its id, signed each time.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer, waitFor } from '../crash/support/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, serverProcess, type ServerProcess } from '../crash/support/server-process.ts';
import { databaseUnderTest, type DatabaseUnderTest } from '../crash/support/stored-state.ts';

// short leases: the killed process's delivery is taken again soon after the restart
const LEASE_SECONDS = 3;

let dataDir: string;
let database: DatabaseUnderTest;
let server: ServerProcess;
let receiver: Server;
const held: ServerResponse[] = [];
const arrivals: { eventId: string; event: string; signedRight: boolean }[] = [];
const secret = { value: '' };

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-atende-timestamp']);
      const expected = `sha256=${createHmac('sha256', secret.value).update(`${timestamp}.${body}`).digest('hex')}`;
      const parsed = JSON.parse(body) as { id: string; event: string };
      arrivals.push({ eventId: parsed.id, event: parsed.event, signedRight: request.headers['x-atende-signature'] === expected });
      // the first attempt is never answered: its process dies while it waits
      if (arrivals.length === 1) return void held.push(response);
      response.writeHead(204);
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(join(tmpdir(), 'atende-webhook-crash-'));
  database = await databaseUnderTest(dataDir);
  server = serverProcess({
    dataDir,
    port: await freePort(),
    databaseUrl: database.databaseUrl,
    env: { JOBS_LEASE_SECONDS: String(LEASE_SECONDS), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
  });
  await server.start();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  for (const response of held) response.destroy();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a webhook delivery survives a killed server (issue 37 point 1)', () => {
  it("SIGKILL while the receiver holds the first attempt: after the restart the customer's message.created arrives again, the same event id, delivered once", async () => {
    const login = await callServer(server.url, 'POST', '/auth/login', undefined, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const call = (method: string, path: string, body?: unknown) => callServer(server.url, method, path, login.body.token as string, body);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const created = await call('POST', '/webhook-endpoints', { url, events: ['message.created'] });
    expect(created.status).toBe(201);
    secret.value = created.body.secret;
    const connection = await call('POST', '/sandbox/connections', { name: 'Webhook crash sandbox' });
    expect(connection.status).toBe(201);
    const inbound = await call('POST', `/sandbox/${connection.body.id}/messages`, { from: '5511955554444', name: 'Cliente', body: 'Oi', providerMessageId: 'crash-1' });
    expect(inbound.status).toBe(201);

    await waitFor('the first attempt at the receiver', () => (arrivals.length === 1 ? true : undefined), 60_000);
    await server.kill();
    await server.start();

    // the new process cannot know what the killed one sent: it delivers the event again, same id
    const endpointId: number = created.body.endpoint.id;
    await waitFor(
      'the delivery marked delivered',
      async () => ((await call('GET', `/webhook-endpoints/${endpointId}/deliveries`)).body.deliveries[0]?.state === 'delivered' ? true : undefined),
      120_000,
    );
    expect(arrivals.length).toBeGreaterThanOrEqual(2);
    expect(new Set(arrivals.map((arrival) => arrival.eventId)).size).toBe(1);
    expect(arrivals.every((arrival) => arrival.event === 'message.created' && arrival.signedRight)).toBe(true);
    const [delivery] = (await call('GET', `/webhook-endpoints/${endpointId}/deliveries`)).body.deliveries;
    expect(delivery).toMatchObject({ eventId: arrivals[0].eventId, state: 'delivered', responseStatus: 204 });
  }, 300_000);
});
