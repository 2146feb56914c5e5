// Issue 37 point 3: cross-origin use, by choice. With API_CORS_ORIGINS set, a page of an allowed
// origin may call the routes keys may call, with a key; never with credentials, and sign-in and
// the refresh flow stay same-origin. Another origin, or no setting, changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ALLOWED = 'https://crm.example.com';
const REFUSED = 'https://evil.example.net';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ apiCorsOrigins: [ALLOWED] });
});
afterAll(() => t?.close());

const preflight = (app: TestApp, path: string, origin: string, method = 'GET') =>
  fetch(app.url + path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization' } });

describe('CORS for API-key calls (issue 37 point 3)', () => {
  it('issue 37 point 3: a preflight from an allowed origin is answered with the methods and headers, and no credentials', async () => {
    const answer = await preflight(t, '/tickets', ALLOWED, 'PUT');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(answer.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('vary')).toContain('Origin');
  });

  it('issue 37 point 3: a preflight from another origin answers 404 as before, with no CORS header', async () => {
    const answer = await preflight(t, '/tickets', REFUSED);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('issue 37 point 3: the refresh and sign-in routes never answer CORS, even to an allowed origin', async () => {
    for (const path of ['/auth/refresh_token', '/auth/login', '/api-keys']) {
      const answer = await preflight(t, path, ALLOWED, 'POST');
      expect({ path, status: answer.status, origin: answer.headers.get('access-control-allow-origin') }).toEqual({ path, status: 404, origin: null });
    }
    const refresh = await fetch(`${t.url}/auth/refresh_token`, { method: 'POST', headers: { origin: ALLOWED } });
    expect(refresh.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('issue 37 point 3: a call with a key from an allowed origin may be read by the page, its refusals too; a signed-in call is not', async () => {
    const a = await setupAttendance(t);
    const created = await t.request('POST', '/api-keys', { token: a.adminSession.token, body: { name: 'Browser', scopes: ['tickets:read'] } });
    const call = (token: string, path = '/tickets') => fetch(t.url + path, { headers: { origin: ALLOWED, authorization: `Bearer ${token}` } });

    const allowed = await call(created.body.key);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();

    const refused = await call(created.body.key, '/contacts');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);

    const signedIn = await call(a.adminSession.token);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('access-control-allow-origin')).toBeNull();

    const otherOrigin = await fetch(`${t.url}/tickets`, { headers: { origin: REFUSED, authorization: `Bearer ${created.body.key}` } });
    expect(otherOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('issue 37 point 3: without API_CORS_ORIGINS a preflight answers 404', async () => {
    const plain = await startTestApp();
    try {
      const answer = await preflight(plain, '/tickets', ALLOWED);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('the messages API keeps its connection token (issue 37 point 2)', () => {
  it('issue 37 point 2: POST /api/messages/send still works with a connection token beside the API keys', async () => {
    const a = await setupAttendance(t);
    const connectionToken = (await t.request('GET', `/whatsapp/${a.connection.id}`, { token: a.adminSession.token })).body.token as string;
    const sent = await t.request('POST', '/api/messages/send', { token: connectionToken, body: { number: '5511933330001', body: 'Pedido enviado' } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ message: 'Mensagem enviada' });
    // an API key is no connection token
    const key = await t.request('POST', '/api-keys', { token: a.adminSession.token, body: { name: 'Not a connection', scopes: ['tickets:write'] } });
    expect((await t.request('POST', '/api/messages/send', { token: key.body.key, body: { number: '5511933330001', body: 'x' } })).status).toBe(401);
  });
});
