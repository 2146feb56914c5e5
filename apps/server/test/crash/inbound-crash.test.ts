// Issue 4 point 4: no inbound message lost, none doubled, while the server process is killed
// with SIGKILL and started again mid-stream. PGlite by default; the PostgreSQL server when
// TEST_DATABASE_URL is set. CRASH_MESSAGES sets the stream's length (300 by default).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNumber, inboundStream, providerIdOf } from './support/inbound-stream.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, serverProcess, type ServerProcess } from './support/server-process.ts';
import { callServer, waitUntil } from './support/http.ts';
import { databaseUnderTest, type DatabaseUnderTest } from './support/stored-state.ts';

const MESSAGES = Number(process.env.CRASH_MESSAGES ?? 300);
const CUSTOMERS = 20;
const SENDERS = 4;
// SIGKILL when these shares of the stream have been acknowledged
const KILL_AT = [0.3, 0.65];

let dataDir: string;
let database: DatabaseUnderTest;
let server: ServerProcess;

const call = (method: string, path: string, token?: string, body?: unknown) => callServer(server.url, method, path, token, body);


beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'atende-crash-'));
  database = await databaseUnderTest(dataDir);
  server = serverProcess({ dataDir, port: await freePort(), databaseUrl: database.databaseUrl });
  await server.start();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('inbound messages survive a killed server (01-core §4 Messages; ARCHITECTURE §4 never lost or doubled)', () => {
  it(`${MESSAGES} retried webhook deliveries across SIGKILL and restart: each stored once, unread counts match`, async () => {
    const login = await call('POST', '/auth/login', undefined, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const token: string = login.body.token;
    const connection = await call('POST', '/sandbox/connections', token, { name: 'Crash sandbox' });
    expect(connection.status).toBe(201);
    const connectionId: number = connection.body.id;

    const stream = inboundStream({
      url: () => server.url,
      token,
      connectionId,
      messages: MESSAGES,
      customers: CUSTOMERS,
      senders: SENDERS,
      deadline: Date.now() + 360_000,
    });

    for (const share of KILL_AT) {
      await waitUntil(() => stream.stopped() || stream.acknowledged() >= Math.floor(MESSAGES * share), `${share} of the stream`, 240_000);
      if (stream.stopped()) break;
      await server.kill();
      await server.start();
      // development secrets live under DATA_DIR, so a session outlives the process
      expect((await call('GET', '/auth/me', token)).status).toBe(200);
    }
    const deliveries = await stream.finished;

    // every message was acknowledged once by the sender; restarts forced retries
    expect(deliveries).toHaveLength(MESSAGES);
    expect(server.outputs).toHaveLength(1 + KILL_AT.length);
    expect(stream.failedAttempts()).toBeGreaterThan(0);
    const duplicates = deliveries.filter((delivery) => delivery.status === 200).length;
    // a 200 is a retry of a message whose commit outran the kill: the answer was lost, not the message
    console.info(
      `crash stream on ${database.kind}: ${MESSAGES} messages, ${KILL_AT.length} SIGKILLs, ` +
        `${stream.failedAttempts()} failed attempts retried, ${duplicates} answered as duplicates`,
    );

    await server.stop();
    const stored = await database.read(connectionId);

    // exactly once: the stored provider ids are the sent ones, none missing, none twice
    const expected = Array.from({ length: MESSAGES }, (_, index) => providerIdOf(index));
    const storedIds = stored.messages.map((message) => message.providerMessageId);
    expect(storedIds.length).toBe(MESSAGES);
    expect([...storedIds].sort()).toEqual(expected);
    expect(stored.messages.every((message) => !message.fromMe)).toBe(true);
    // each message sits on its customer's ticket
    for (const message of stored.messages) {
      const index = Number(message.providerMessageId.slice('crash-'.length));
      expect(message.contactNumber).toBe(customerNumber(index % CUSTOMERS));
    }

    // one live ticket per customer, and its unread count is its number of inbound messages
    expect(stored.tickets).toHaveLength(CUSTOMERS);
    expect(new Set(stored.tickets.map((ticket) => ticket.contactNumber)).size).toBe(CUSTOMERS);
    for (const ticket of stored.tickets) {
      expect(ticket).toMatchObject({ status: 'pending', unreadMessages: ticket.inbound });
    }
    expect(stored.tickets.reduce((sum, ticket) => sum + ticket.unreadMessages, 0)).toBe(MESSAGES);
  }, 480_000);
});
