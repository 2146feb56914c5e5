// Issue 34 point 1: PROCESS_ROLE chooses what a process runs. What one process of each role does
// on its own; the two together over PostgreSQL and Redis are in test/cluster/roles.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { fakeWhatsapp } from '../helpers/fake-whatsapp.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const apps: TestApp[] = [];
// development secrets are kept under DATA_DIR
const configDir = mkdtempSync(join(tmpdir(), 'atende-roles-config-'));
afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('PROCESS_ROLE (issue 34 point 1)', () => {
  it('is web, worker or both (the default); web and worker need DATABASE_URL and REDIS_URL, which the processes of the two roles meet in', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: configDir } as const;
    expect(loadConfig(base).processRole).toBe('both');
    expect(() => loadConfig({ ...base, PROCESS_ROLE: 'api' })).toThrow(/PROCESS_ROLE/);
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ ...base, PROCESS_ROLE: role })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, PROCESS_ROLE: role, DATABASE_URL: 'postgres://db/atende' })).toThrow(`PROCESS_ROLE=${role} needs DATABASE_URL (a PostgreSQL server) and REDIS_URL`);
      expect(loadConfig({ ...base, PROCESS_ROLE: role, DATABASE_URL: 'postgres://db/atende', REDIS_URL: 'redis://redis:6379' }).processRole).toBe(role);
    }
  });

  it('a worker answers /health, /ready and /metrics over HTTP, and 404 to everything else: the API, the web app, Socket.IO', async () => {
    const worker = await startTestApp({ processRole: 'worker' });
    apps.push(worker);
    expect((await worker.request('GET', '/health')).status).toBe(200);
    expect(await worker.request('GET', '/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await worker.request('GET', '/metrics')).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/version'],
      ['GET', '/'],
      ['GET', '/login'],
      ['GET', '/tickets'],
      ['GET', '/socket.io/?EIO=4&transport=polling'],
    ]) {
      expect(await worker.request(method, path), `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    }
    expect(await worker.request('POST', '/auth/login', { body: { email: SUPER_EMAIL, password: SUPER_PASSWORD } })).toMatchObject({ status: 404 });
  });

  it('a web process opens no WhatsApp session: a new connection becomes a session-start job for the workers', async () => {
    const whatsapp = fakeWhatsapp();
    const web = await startTestApp({ processRole: 'web' }, { whatsapp: { socketFactory: whatsapp.factory } });
    apps.push(web);
    const { token } = await web.login(SUPER_EMAIL, SUPER_PASSWORD);
    const created = await web.request('POST', '/whatsapp', { token, body: { name: 'Web role', channel: 'whatsapp' } });
    expect(created.status).toBe(201);
    const connectionId: number = created.body.id;
    await expect
      .poll(async () => {
        const { rows } = (await web.db.execute(
          sql`select state from jobs where kind = 'whatsapp.sessionStart' and (payload->>'connectionId')::int = ${connectionId}`,
        )) as unknown as { rows: { state: string }[] };
        return rows;
      })
      .toEqual([{ state: 'waiting' }]);
    expect(whatsapp.of(connectionId)).toEqual([]);
    // its job runner was never started: nothing claims the job here
    expect((await web.request('GET', `/whatsapp/${connectionId}`, { token })).body).toMatchObject({ status: 'qrcode' });
  });
});
