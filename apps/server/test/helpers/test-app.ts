// Starts the real server on a random loopback port over a fresh database, seeded like a first
// start (a copy of the run's template, helpers/database-template.ts), and offers a small HTTP
// client that speaks to it as the web app does.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type AppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { seedPlatform } from '../../src/seed.ts';
import type { Json } from './json.ts';
import { SUPER_EMAIL, SUPER_PASSWORD } from './database-template.ts';
import { fakeWhatsapp } from './fake-whatsapp.ts';
import { openTestDatabase } from './test-database.ts';

export { SUPER_EMAIL, SUPER_PASSWORD };

export type HttpAnswer<T = Json> = { status: number; body: T; headers: Headers };

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

// options.database: run over a database that outlives this app (a restart, or a second process of
// one deployment); the seed changes nothing that exists, and the caller closes that database.
export const startTestApp = async (overrides: Partial<Config> = {}, options: AppOptions & { database?: Database } = {}) => {
  const { database: given, ...appOptions } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-test-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    redisUrl: process.env.TEST_REDIS_URL,
    // each test server has its own database, so it must not share rooms with the others
    redisStreamName: `socket.io-test-${randomUUID()}`,
    // nor share request and sign-in counters (two processes of one deployment pass the same one)
    redisKeyPrefix: `atende-test-${randomUUID()}:`,
    // no test reaches Meta: a test that needs the Graph API passes a fake one (helpers/fake-graph.ts)
    meta: { graphUrl: 'http://127.0.0.1:9/v20.0' },
    // nor Telegram: a test of a bot passes a fake Bot API (helpers/fake-telegram.ts)
    telegram: { apiUrl: 'http://127.0.0.1:9' },
    // the fake integration servers listen on loopback, which a deployment refuses unless its
    // operator allows it (OUTBOUND_ALLOWED_HOSTS); a test of that refusal passes its own list
    outbound: { allowedHosts: ['127.0.0.0/8', '::1'] },
    ...overrides,
  };
  const database: Database = given ?? (await openTestDatabase());
  let app: App | undefined;
  const release = async () => {
    await app?.close();
    if (!given) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // as every start does; on the template's copy it finds everything in place
    await seedPlatform(database.db, { adminEmail: SUPER_EMAIL, adminPassword: SUPER_PASSWORD });
    // WhatsApp sessions open fake sockets unless the test brings its own
    app = await buildApp(config, database, { ...appOptions, whatsapp: { socketFactory: fakeWhatsapp().factory, ...appOptions.whatsapp } });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    // a start that failed leaves nothing open behind it; its own error is the one to report
    await release().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const request = async <T = Json>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string | FormData; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<HttpAnswer<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | FormData | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    } else if (typeof options.rawBody === 'string') {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // non-JSON answers (files) stay text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };

  const login = async (email: string, password: string) => {
    const answer = await request('POST', '/auth/login', { body: { email, password } });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const setCookie = answer.headers.get('set-cookie') ?? '';
    return {
      token: answer.body.token as string,
      sessionId: answer.body.sessionId as string,
      user: answer.body.user,
      cookie: setCookie.split(';')[0],
    };
  };

  return {
    url,
    app,
    db: database.db,
    database,
    config,
    request,
    login,
    close: release,
  };
};
