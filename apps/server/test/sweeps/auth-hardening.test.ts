// Auth hardening beyond test/auth/session.test.ts (HTTP alg none / foreign key / expired, rotation
// reuse, logout, throttling, deleted user over HTTP) and test/platform/config.test.ts (production
// secrets): the same forged tokens on the Socket.IO handshake, tokens of users moved or deleted,
// key confusion between access and refresh tokens, and tampered refresh cookies (issue 4 point 3).
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../src/db/schema.ts';
import { loadConfig } from '../../src/config.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

const connect = (options: { auth?: Record<string, unknown>; query?: Record<string, string> }) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(t.url, { ...options, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (error) => reject(error));
  });
const connectWith = (token: string) => connect({ auth: { token } });

const key = (secret: string) => new TextEncoder().encode(secret);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

// Forged variants of a genuine access token: each must be refused wherever a token is accepted.
const forgeries = async (genuine: string) => {
  const claims = decode(genuine);
  const [header, payload, signature] = genuine.split('.');
  const sign = (alg: string, secret: string, extra: Record<string, unknown> = {}) =>
    new SignJWT({ cid: claims.cid, sid: claims.sid, ...extra })
      .setProtectedHeader({ alg })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key(secret));
  return {
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'alg none, no signature part': `${b64({ alg: 'none' })}.${payload}`,
    'wrong signature': `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
    'foreign secret': await sign('HS256', 'another-secret-another-secret-another-secret'),
    'signed with the refresh secret': await sign('HS256', t.config.jwtRefreshSecret),
    'HS512 with the right secret': await sign('HS512', t.config.jwtSecret),
    'payload swapped to company 1, signature kept': `${header}.${b64({ ...claims, cid: 1, sub: '1' })}.${signature}`,
    expired: await new SignJWT({ cid: claims.cid, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt(nowSeconds() - 7200)
      .setExpirationTime(nowSeconds() - 3600)
      .sign(key(t.config.jwtSecret)),
    'not yet valid': await new SignJWT({ cid: claims.cid, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setNotBefore(nowSeconds() + 3600)
      .setExpirationTime('2h')
      .sign(key(t.config.jwtSecret)),
    'claims of the wrong type': await sign('HS256', t.config.jwtSecret, { cid: String(claims.cid) }),
    'empty string': '',
    'huge token': 'a'.repeat(100_000),
  };
};

describe('Socket.IO handshake refuses forged tokens (ARCHITECTURE §4 Tenancy, 01-core §7 Realtime)', () => {
  it('alg none, wrong signature, foreign or refresh secret, HS512, swapped payload, expired: all refused', async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    for (const [name, token] of Object.entries(await forgeries(session.token))) {
      // an empty token is no token at all (issue 11 point 9)
      const refusal = token ? 'ERR_SESSION_EXPIRED' : 'ERR_TOKEN_MISSING';
      await expect(connectWith(token), name).rejects.toThrow(refusal);
      // the query carries what fits in a URL
      if (token.length < 8000) await expect(connect({ query: { token } }), `${name} in the query`).rejects.toThrow(refusal);
    }
    // the genuine token still connects, so the refusals above are about the forgery
    await expect(connectWith(session.token)).resolves.toBeTruthy();
  });

  it('a refresh token is not an access token, on the socket or over HTTP', async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const refreshToken = session.cookie.replace(/^jrt=/, '');
    await expect(connectWith(refreshToken)).rejects.toThrow('ERR_SESSION_EXPIRED');
    expect((await t.request('GET', '/auth/me', { token: refreshToken })).status).toBe(403);
  });

  // The family's clients put the socket's token in the query (issue 13); HTTP calls never read one there.
  it('the socket takes a token from auth.token or query.token only; HTTP never from the URL query', async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    await expect(connect({ query: { token: session.token } })).resolves.toBeDefined();
    await expect(connect({ query: { access_token: session.token } })).rejects.toThrow('ERR_TOKEN_MISSING');
    await expect(connect({ auth: { token: [session.token] } })).rejects.toThrow('ERR_TOKEN_MISSING');
    expect((await t.request('GET', `/auth/me?token=${session.token}`)).status).toBe(401);
  });
});

describe('tokens of users moved or deleted (ARCHITECTURE §4 Tenancy, 01-core §4 Session)', () => {
  it('a user moved to another company: its old token is refused on HTTP and on the socket, its refresh cookie too', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const user = await createUser(t.db, a.company.id, { profile: 'admin' });
    const session = await t.login(user.email, TEST_PASSWORD);
    await t.db.update(users).set({ companyId: b.company.id }).where(eq(users.id, user.id));

    expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(401);
    expect((await t.request('GET', '/users', { token: session.token })).status).toBe(401);
    await expect(connectWith(session.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    const refreshed = await t.request('POST', '/auth/refresh_token', { cookie: session.cookie });
    expect(refreshed.status).toBe(401);
    expect(JSON.stringify(refreshed.body)).not.toContain(String(a.company.name));
  });

  it('a deleted user: the socket handshake is refused and the refresh cookie ends', async () => {
    const { company } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    const session = await t.login(user.email, TEST_PASSWORD);
    await t.db.delete(users).where(eq(users.id, user.id));
    await expect(connectWith(session.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    expect((await t.request('POST', '/auth/refresh_token', { cookie: session.cookie })).status).toBe(401);
  });

  it("a user deleted by the admin loses its open socket and gets none of the company's events afterwards", async () => {
    const { company, admin } = await createCompany(t.db);
    const adminSession = await t.login(admin.email, TEST_PASSWORD);
    const user = await createUser(t.db, company.id);
    const socket = await connectWith((await t.login(user.email, TEST_PASSWORD)).token);
    const seen: string[] = [];
    socket.onAny((channel: string) => seen.push(channel));
    // the admin's socket is the witness that the company's next event went out: the deleted user's
    // socket must be gone by then, since a socket closed by the server receives nothing afterwards
    const adminSocket = await connectWith(adminSession.token);
    const announced = new Promise<void>((resolve) =>
      adminSocket.on(`company-${company.id}-user`, (payload: { action: string; user?: { name: string } }) => {
        if (payload.action === 'create' && payload.user?.name === 'After Deletion') resolve();
      }),
    );

    expect((await t.request('DELETE', `/users/${user.id}`, { token: adminSession.token })).status).toBe(204);
    await expect.poll(() => socket.connected, { timeout: 5000 }).toBe(false);
    const seenBefore = seen.length;
    const created = await t.request('POST', '/users', {
      token: adminSession.token,
      body: { name: 'After Deletion', email: `after-${Date.now()}@example.test`, password: 'secret-1' },
    });
    expect(created.status).toBe(201);
    await announced;
    expect(seen.slice(seenBefore)).toEqual([]);
  });
});

describe('refresh cookie tampering (01-core §4 Session, ARCHITECTURE §2 auth)', () => {
  it('forged refresh cookies are refused and do not end the genuine session', async () => {
    const { admin } = await createCompany(t.db);
    const other = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const refreshToken = session.cookie.replace(/^jrt=/, '');
    const [header, payload, signature] = refreshToken.split('.');
    const claims = decode(refreshToken);
    const forged = {
      'alg none': `${b64({ alg: 'none' })}.${payload}.`,
      'wrong signature': `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      'subject swapped to another user, signature kept': `${header}.${b64({ ...claims, sub: String(other.admin.id) })}.${signature}`,
      'signed with the access secret': await new SignJWT({ fam: claims.fam })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setJti(String(claims.jti))
        .setExpirationTime('1h')
        .sign(key(t.config.jwtSecret)),
      'an access token': session.token,
      'unknown token id and family, right secret': await new SignJWT({ fam: '00000000-0000-0000-0000-000000000001' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(other.admin.id))
        .setJti('00000000-0000-0000-0000-000000000000')
        .setExpirationTime('1h')
        .sign(key(t.config.jwtRefreshSecret)),
      garbage: "' OR 1=1 --",
      huge: 'a'.repeat(3000),
    };
    for (const [name, cookieValue] of Object.entries(forged)) {
      const answer = await t.request('POST', '/auth/refresh_token', { cookie: `jrt=${encodeURIComponent(cookieValue)}` });
      expect(answer.status, name).toBe(401);
      expect(answer.body, name).toEqual({ error: 'ERR_SESSION_EXPIRED' });
      // logout with a forged cookie must not end anyone's session
      expect((await t.request('DELETE', '/auth/logout', { cookie: `jrt=${encodeURIComponent(cookieValue)}` })).status, name).toBe(204);
    }
    const genuine = await t.request('POST', '/auth/refresh_token', { cookie: session.cookie });
    expect(genuine.status).toBe(200);
    expect(genuine.body.user.id).toBe(admin.id);
  });

  it('after logout no refresh brings the session back (01-core §4 Session)', async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const rotated = await t.request('POST', '/auth/refresh_token', { cookie: session.cookie });
    const rotatedCookie = (rotated.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await t.request('DELETE', '/auth/logout', { cookie: rotatedCookie })).status).toBe(204);
    for (const cookie of [rotatedCookie, session.cookie]) {
      expect((await t.request('POST', '/auth/refresh_token', { cookie })).status).toBe(401);
    }
  });
});

describe('an ended sign-in ends its access tokens at once (issue 12, 01-core §4 Session)', () => {
  it("after logout every access token of that sign-in is refused over HTTP and at the socket handshake; other users' sign-ins go on", async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const other = await t.login((await createUser(t.db, admin.companyId)).email, TEST_PASSWORD);
    const refreshed = await t.request('POST', '/auth/refresh_token', { cookie: session.cookie });
    const refreshedCookie = (refreshed.headers.get('set-cookie') ?? '').split(';')[0];
    // a refreshed sign-in is the same sign-in: its older access token still works
    expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(200);

    expect((await t.request('DELETE', '/auth/logout', { cookie: refreshedCookie })).status).toBe(204);
    for (const token of [session.token, refreshed.body.token as string]) {
      expect(await t.request('GET', '/auth/me', { token })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
      expect((await t.request('GET', '/users', { token })).status).toBe(401);
      await expect(connectWith(token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    }
    expect((await t.request('GET', '/auth/me', { token: other.token })).status).toBe(200);
    await expect(connectWith(other.token)).resolves.toBeTruthy();
  });

  it('a sign-in revoked because its rotated refresh token came back loses its access token too', async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    expect((await t.request('POST', '/auth/refresh_token', { cookie: session.cookie })).status).toBe(200);
    // past the few seconds in which two tabs may refresh together
    await t.db.update(refreshTokens).set({ rotatedAt: new Date(Date.now() - 60_000) }).where(eq(refreshTokens.familyId, session.sessionId));
    expect((await t.request('POST', '/auth/refresh_token', { cookie: session.cookie })).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(401);
    await expect(connectWith(session.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it("logout disconnects the sign-in's open sockets and leaves other sign-ins connected", async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const other = await t.login((await createUser(t.db, admin.companyId, { profile: 'admin' })).email, TEST_PASSWORD);
    const ending = await connectWith(session.token);
    const staying = await connectWith(other.token);
    let endedBecause = '';
    ending.on('disconnect', (reason) => (endedBecause = reason));

    expect((await t.request('DELETE', '/auth/logout', { cookie: session.cookie })).status).toBe(204);
    await expect.poll(() => endedBecause, { timeout: 5000 }).toBe('io server disconnect');
    // a marker: an event published after the logout reaches the remaining socket, which is still connected
    const marker = new Promise((resolve) => staying.on(`company-${admin.companyId}-user`, resolve));
    await t.request('PUT', `/users/${admin.id}`, { token: other.token, body: { name: 'Still Here', email: admin.email } });
    await marker;
    expect(staying.connected).toBe(true);
  });
});

describe('one sign-in per user, ended on the server (issue 33 point 6, 01-core §4 Session)', () => {
  it("a newer sign-in refuses the older one's access tokens over HTTP and at the handshake, its refresh cookie, and closes its sockets after telling them why", async () => {
    const { admin } = await createCompany(t.db);
    const older = await t.login(admin.email, TEST_PASSWORD);
    const refreshed = await t.request('POST', '/auth/refresh_token', { cookie: older.cookie });
    const refreshedCookie = (refreshed.headers.get('set-cookie') ?? '').split(';')[0];
    const socket = await connectWith(older.token);
    const heard: string[] = [];
    socket.onAny((channel: string) => heard.push(channel));
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    const newer = await t.login(admin.email, TEST_PASSWORD);
    await closed;
    expect(heard).toContain(`company-${admin.companyId}-auth`);
    for (const token of [older.token, refreshed.body.token as string]) {
      expect(await t.request('GET', '/auth/me', { token })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
      expect((await t.request('GET', '/users', { token })).status).toBe(401);
      await expect(connectWith(token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    }
    for (const cookie of [older.cookie, refreshedCookie]) {
      expect(await t.request('POST', '/auth/refresh_token', { cookie })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    }
    expect((await t.request('GET', '/users', { token: newer.token })).status).toBe(200);
    await expect(connectWith(newer.token)).resolves.toBeTruthy();
  });
});

describe('TRUST_PROXY trusts only the configured proxies (issue 12, ARCHITECTURE §2 auth)', () => {
  // The test client plays the proxy next to the server (127.0.0.1). The client behind it is
  // 203.0.113.7 and forges a different X-Forwarded-For entry on every request; with two hops an
  // outer proxy (10.0.0.5) stands between them.
  const settings = [
    { setting: 'true', chain: (forged: string) => `${forged}, 203.0.113.7`, otherClient: '203.0.113.8' },
    { setting: '2', chain: (forged: string) => `${forged}, 203.0.113.7, 10.0.0.5`, otherClient: '203.0.113.8, 10.0.0.5' },
    { setting: '127.0.0.1', chain: (forged: string) => `${forged}, 203.0.113.7`, otherClient: '203.0.113.8' },
  ];
  for (const { setting, chain, otherClient } of settings) {
    it(`TRUST_PROXY=${setting}: a forged X-Forwarded-For gets no fresh per-IP sign-in budget`, async () => {
      const secret = 'x'.repeat(40);
      const { trustProxy } = loadConfig({ JWT_SECRET: secret, JWT_REFRESH_SECRET: secret, TRUST_PROXY: setting });
      // a second server of the deployment, over the same database
      const proxied = await startTestApp(
        { trustProxy, loginThrottle: { maxFailuresPerEmail: 100, maxFailuresPerIpAndEmail: 100, maxAccountsPerIp: 3, windowSeconds: 60, maxDelaySeconds: 60 } },
        { database: t.database },
      );
      try {
        const signIn = (forwardedFor: string) =>
          fetch(`${proxied.url}/auth/login`, {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
            body: JSON.stringify({ email: `guess-${Math.random().toString(36).slice(2)}@example.test`, password: 'wrong-pass' }),
          }).then((answer) => answer.status);
        for (let attempt = 1; attempt <= 3; attempt++) expect(await signIn(chain(`198.51.100.${attempt}`))).toBe(401);
        expect(await signIn(chain('198.51.100.99'))).toBe(429);
        // another client behind the same proxy keeps its own budget
        expect(await signIn(otherClient)).toBe(401);
      } finally {
        await proxied.close();
      }
    });
  }
});
