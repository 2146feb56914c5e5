// Request limits and the sign-in slowdown (issue 12 points 4 and 6). Run also with TEST_REDIS_URL:
// the counters then live in Redis and two processes of one deployment share them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type HttpAnswer, type TestApp } from '../helpers/test-app.ts';

const limits = (values: Partial<Config['rateLimit']>): Config['rateLimit'] => ({
  windowSeconds: 60,
  maxPerIp: 1000,
  refreshMaxPerIp: 1000,
  messagesApiMaxPerToken: 1000,
  signupMaxPerIp: 1000,
  apiKeyMax: 1000,
  ...values,
});
const signIn = (values: Partial<Config['loginThrottle']>): Config['loginThrottle'] => ({
  maxFailuresPerEmail: 1000,
  maxFailuresPerIpAndEmail: 1000,
  maxAccountsPerIp: 1000,
  windowSeconds: 900,
  maxDelaySeconds: 60,
  ...values,
});

const apps: TestApp[] = [];
const start = async (...args: Parameters<typeof startTestApp>) => {
  const app = await startTestApp(...args);
  apps.push(app);
  return app;
};
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});

const retryAfter = (answer: HttpAnswer) => Number(answer.headers.get('retry-after'));
const expectTooMany = (answer: HttpAnswer) => {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
  expect(retryAfter(answer)).toBeGreaterThan(0);
};

describe('request limits (issue 12 point 4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await start({ rateLimit: limits({ maxPerIp: 8, refreshMaxPerIp: 3, messagesApiMaxPerToken: 2, windowSeconds: 120 }) });
  });

  it('every route has a default limit per client address: past it, 429 ERR_TOO_MANY_REQUESTS with Retry-After', async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await t.request('GET', '/auth/me', { token: session.token }));
    // the sign-in was the first request of the window
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
    expectTooMany(answers[7]);
    expect(retryAfter(answers[7])).toBeLessThanOrEqual(120);
    expect((await t.request('GET', '/version')).status).toBe(429);
    // the operator's routes are not limited
    expect((await t.request('GET', '/health')).status).toBe(200);
    expect((await t.request('GET', '/ready')).status).toBe(200);
  });

  it('the token refresh has its own, narrower limit per address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await t.request('POST', '/auth/refresh_token'));
    expect(statuses.slice(0, 3).map((answer) => answer.status)).toEqual([401, 401, 401]);
    expectTooMany(statuses[3]);
  });

  it('the external messages API is limited per connection token, not per address', async () => {
    const send = (token: string) =>
      fetch(`${t.url}/api/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ number: '5511999990000', body: 'hi' }),
      });
    const first = 'a'.repeat(30);
    const second = 'b'.repeat(30);
    expect((await send(first)).status).toBe(401);
    expect((await send(first)).status).toBe(401);
    const limited = await send(first);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(second)).status).toBe(401);
  });
});

describe('sign-in slowdown instead of a lockout (issue 12 points 4 and 6)', () => {
  const clock = manualClock('2030-01-10T12:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await start({ loginThrottle: signIn({ maxFailuresPerEmail: 3, maxDelaySeconds: 60 }) }, { clock });
  });
  const login = (email: string, password: string) => t.request('POST', '/auth/login', { body: { email, password } });

  it("each failure past the third makes the email wait longer, 1 s doubling up to 60 s: a stranger's failures never lock the real user out", async () => {
    const { admin } = await createCompany(t.db);
    for (let i = 0; i < 2; i++) expect((await login(admin.email, 'wrong-password')).status).toBe(401);

    const waits: number[] = [];
    for (let failures = 2; failures < 20; failures++) {
      expect((await login(admin.email, 'wrong-password')).status).toBe(401);
      // the next attempt, even with the right password, must wait; the password is not checked
      const refused = await login(admin.email, TEST_PASSWORD);
      expectTooMany(refused);
      waits.push(retryAfter(refused));
      clock.advance(retryAfter(refused) * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60]);

    // after at most a minute, the real user's password lets them in, and the email starts afresh
    expect((await login(admin.email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(admin.email, 'wrong-password')).status).toBe(401);
    expect((await login(admin.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('a refused attempt does not count as a failure, and other emails are not slowed', async () => {
    const { admin } = await createCompany(t.db);
    const other = await createCompany(t.db);
    for (let i = 0; i < 3; i++) expect((await login(admin.email, 'wrong-password')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(admin.email, 'wrong-password')).status).toBe(429);
    expect((await login(other.admin.email, TEST_PASSWORD)).status).toBe(200);
    clock.advance(1000);
    // still the first wait after the third failure: the refused attempts added nothing
    expect((await login(admin.email, 'wrong-password')).status).toBe(401);
    expect(retryAfter(await login(admin.email, 'wrong-password'))).toBe(2);
  });

  it('unknown emails are slowed like known ones (no hint of which accounts exist)', async () => {
    for (let i = 0; i < 3; i++) expect((await login('nobody@nowhere.test', 'wrong-password')).status).toBe(401);
    const refused = await login('nobody@nowhere.test', 'wrong-password');
    expectTooMany(refused);
    expect(retryAfter(refused)).toBe(1);
  });
});

describe('sign-in limits per address that do not lock the right person out (issue 33 point 5, 01-core §4 Session)', () => {
  const clock = manualClock('2030-01-10T12:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    // behind a proxy named by its address (the README's safe setting), so each test client can
    // play another address
    t = await start({ trustProxy: ['127.0.0.1'], loginThrottle: signIn({ maxFailuresPerIpAndEmail: 3, maxAccountsPerIp: 4, windowSeconds: 900 }) }, { clock });
  });
  // a sign-in from a client address, with the cookies its browser holds
  const signInFrom = async (address: string, email: string, password: string, cookie?: string): Promise<HttpAnswer> => {
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', 'x-forwarded-for': address };
    if (cookie) headers.cookie = cookie;
    const answer = await fetch(`${t.url}/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    return { status: answer.status, body: await answer.json(), headers: answer.headers };
  };
  const knownBrowserCookie = (answer: HttpAnswer) => {
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('jkb='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/auth\/login/i);
    return (cookie ?? '').split(';')[0];
  };

  it("an address failing one account over and over is stopped for that account only: the account's other clients and the address's other users still sign in", async () => {
    const { company, admin } = await createCompany(t.db);
    const colleague = await createUser(t.db, company.id);
    const office = '198.51.100.10';
    // a typo storm on one account: 3 failures, then the address waits for the window's end for it
    for (let i = 0; i < 3; i++) expect((await signInFrom(office, admin.email, 'wrong-password')).status).toBe(401);
    clock.advance(100_000);
    const refused = await signInFrom(office, admin.email, TEST_PASSWORD);
    expectTooMany(refused);
    expect(retryAfter(refused)).toBe(800);
    // counted once for the address: everyone else behind it signs in
    expect((await signInFrom(office, colleague.email, TEST_PASSWORD)).status).toBe(200);
    // and the account itself, from its own address
    expect((await signInFrom('203.0.113.50', admin.email, TEST_PASSWORD)).status).toBe(200);
    clock.advance(800_000);
    expect((await signInFrom(office, admin.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('an address that failed on LOGIN_MAX_ACCOUNTS_PER_IP accounts is refused for every account until the window ends, except in a browser that signed that account in before', async () => {
    const { company, admin } = await createCompany(t.db);
    const newcomer = await createUser(t.db, company.id);
    const shared = '198.51.100.20';
    // the admin signed in from this browser yesterday: it holds the known-browser cookie
    const yesterday = await signInFrom(shared, admin.email, TEST_PASSWORD);
    expect(yesterday.status).toBe(200);
    const known = knownBrowserCookie(yesterday);

    // someone behind the same address tries a password on account after account
    for (let i = 0; i < 4; i++) expect((await signInFrom(shared, `victim-${i}@nowhere.test`, 'Summer2030!')).status).toBe(401);
    expectTooMany(await signInFrom(shared, 'victim-9@nowhere.test', 'Summer2030!'));
    // a right password from a fresh browser is refused too: answering it would tell the guesser
    // which guess was right (docs/security.md, Sign-in limits), and the password is not checked
    const fresh = await signInFrom(shared, newcomer.email, TEST_PASSWORD);
    expectTooMany(fresh);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    // the admin's browser is known to the admin's account, and to no other
    expect((await signInFrom(shared, admin.email, TEST_PASSWORD, known)).status).toBe(200);
    expectTooMany(await signInFrom(shared, newcomer.email, TEST_PASSWORD, known));
    expectTooMany(await signInFrom(shared, admin.email, TEST_PASSWORD, 'jkb=forged.token.value'));
    // the limit is the address's: the newcomer signs in from anywhere else, and here once the window ends
    expect((await signInFrom('203.0.113.51', newcomer.email, TEST_PASSWORD)).status).toBe(200);
    clock.advance(900_000);
    expect((await signInFrom(shared, newcomer.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("a known browser's wrong passwords count for its account only (its slowdown still holds), never against the address", async () => {
    const slow = await start({ trustProxy: ['127.0.0.1'], loginThrottle: signIn({ maxFailuresPerEmail: 2, maxFailuresPerIpAndEmail: 2, maxAccountsPerIp: 1 }) }, { clock });
    const { company, admin } = await createCompany(slow.db);
    const colleague = await createUser(slow.db, company.id);
    const place = '198.51.100.30';
    const from = (email: string, password: string, cookie?: string) =>
      fetch(`${slow.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': place, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ email, password }),
      });
    const first = await from(admin.email, TEST_PASSWORD);
    const known = (first.headers.getSetCookie().find((line) => line.startsWith('jkb=')) ?? '').split(';')[0];
    expect((await from(admin.email, 'wrong-password', known)).status).toBe(401);
    expect((await from(admin.email, 'wrong-password', known)).status).toBe(401);
    // the account's own slowdown applies to every client
    expect((await from(admin.email, TEST_PASSWORD, known)).status).toBe(429);
    clock.advance(1000);
    expect((await from(admin.email, TEST_PASSWORD, known)).status).toBe(200);
    // the address has failed on no account: a colleague's fresh browser signs in
    expect((await from(colleague.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("a refused, failed or malformed sign-in changes nothing: the user's current sign-in goes on", async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const place = '198.51.100.40';
    for (let i = 0; i < 4; i++) expect((await signInFrom(place, `sprayed-${i}@nowhere.test`, 'wrong-password')).status).toBe(401);
    expectTooMany(await signInFrom(place, admin.email, TEST_PASSWORD));
    expect(await signInFrom('203.0.113.52', admin.email, 'wrong-password')).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(await signInFrom('203.0.113.52', 'not-an-email', 'x')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await t.request('GET', '/auth/me', { token: session.token })).toMatchObject({ status: 200, body: { id: admin.id } });
    expect((await t.request('POST', '/auth/refresh_token', { cookie: session.cookie })).status).toBe(200);
  });
});

describe('two processes of one deployment (issue 12 point 4)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const overrides = { rateLimit: limits({ messagesApiMaxPerToken: 2 }), loginThrottle: signIn({ maxFailuresPerEmail: 2, maxAccountsPerIp: 2 }) };
    one = await start(overrides);
    two = await start({ ...overrides, redisKeyPrefix: one.config.redisKeyPrefix }, { database: one.database });
  });

  it('share request limits and sign-in failures through Redis when REDIS_URL is set; without it each process counts alone', async () => {
    const shared = Boolean(one.config.redisUrl);

    const { admin } = await createCompany(one.db);
    expect((await one.request('POST', '/auth/login', { body: { email: admin.email, password: 'wrong-password' } })).status).toBe(401);
    expect((await one.request('POST', '/auth/login', { body: { email: admin.email, password: 'wrong-password' } })).status).toBe(401);
    const onTwo = await two.request('POST', '/auth/login', { body: { email: admin.email, password: TEST_PASSWORD } });
    expect(onTwo.status).toBe(shared ? 429 : 200);
    // the accounts failed from one address add up across processes too (issue 33 point 5)
    expect((await two.request('POST', '/auth/login', { body: { email: 'guess@nowhere.test', password: 'wrong-password' } })).status).toBe(401);
    const other = await createCompany(one.db);
    const onOne = await one.request('POST', '/auth/login', { body: { email: other.admin.email, password: TEST_PASSWORD } });
    expect(onOne.status).toBe(shared ? 429 : 200);

    const send = (app: TestApp) =>
      fetch(`${app.url}/api/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${'c'.repeat(30)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ number: '5511999990000', body: 'hi' }),
      });
    expect((await send(one)).status).toBe(401);
    expect((await send(two)).status).toBe(401);
    expect((await send(one)).status).toBe(shared ? 429 : 401);
  });
});
