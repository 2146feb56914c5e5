// Issue 11 point 9: one port answers the web app and the API. A screen path asked for without
// JSON and without a token (a browser, `curl http://host/`) gets the app; API calls, which ask for
// JSON or carry a bearer token, get the API; a call that needs a token and has none says so.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const INDEX_HTML = '<!doctype html><html><body><div id="root" data-marker="the-web-app"></div></body></html>';

let t: TestApp;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = mkdtempSync(join(tmpdir(), 'atende-web-'));
  writeFileSync(join(webDistDir, 'index.html'), INDEX_HTML);
  t = await startTestApp({ webDistDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

// fetch as curl does: only the headers given (fetch itself adds `Accept: */*`)
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(t.url + path, { method, headers });

const isApp = async (response: Response) =>
  response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html') && (await response.text()).includes('the-web-app');

describe('the web app or the API on one port (issue 11 point 9, ARCHITECTURE §1)', () => {
  it('`curl /` and screen paths without a token or a JSON Accept answer the app', async () => {
    for (const path of ['/', '/login', '/tickets', '/tickets/6f1c0f3e-1111-4a4a-9999-000000000000', '/users', '/users/', '/contacts/import', '/settings?tab=2']) {
      expect(await isApp(await get(path)), path).toBe(true);
      expect(await isApp(await get(path, { accept: '*/*' })), `${path} */*`).toBe(true);
    }
    const head = await get('/', {}, 'HEAD');
    expect([head.status, head.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/html/)]);
  });

  it('a browser navigation (Accept text/html) gets the app on any path, as before', async () => {
    const answer = await get('/no-such-screen', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(await isApp(answer)).toBe(true);
  });

  it('a screen path asked for with Accept JSON or a bearer token gets the API', async () => {
    const session = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    const withToken = await get('/users', { authorization: `Bearer ${session.token}` });
    expect(withToken.status).toBe(200);
    expect(await withToken.json()).toMatchObject({ users: expect.any(Array) });
    const asJson = await get('/users', { accept: 'application/json' });
    expect([asJson.status, await asJson.json()]).toEqual([401, { error: 'ERR_TOKEN_MISSING' }]);
  });

  it('paths that are not screens stay the API without any header', async () => {
    const version = await get('/version');
    expect(version.headers.get('content-type')).toMatch(/json/);
    const unknown = await get('/no-such-route');
    expect([unknown.status, await unknown.json()]).toEqual([404, expect.objectContaining({ error: expect.any(String) })]);
    const me = await get('/auth/me');
    expect([me.status, await me.json()]).toEqual([401, { error: 'ERR_TOKEN_MISSING' }]);
  });

  it('a call without a token is 401 ERR_TOKEN_MISSING; a bad token stays 403 ERR_SESSION_EXPIRED (01-core §4 Session)', async () => {
    expect(await t.request('POST', '/users', { body: { name: 'Nobody' } })).toMatchObject({ status: 401, body: { error: 'ERR_TOKEN_MISSING' } });
    expect(await t.request('GET', '/tickets', { token: 'not-a-token' })).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await t.request('GET', '/sandbox/1/outbox')).toMatchObject({ status: 401, body: { error: 'ERR_TOKEN_MISSING' } });
  });
});
