// Request limits and the sign-in slowdown (issue 12 points 4 and 6). Run also with TEST_REDIS_URL:
// the counters then live in Redis and two processes of one deployment share them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type HttpAnswer, type TestApp } from '../helpers/test-app.ts';

const limits = (values: Partial<Config['rateLimit']>): Config['rateLimit'] => ({
  windowSeconds: 60,
  maxPerIp: 1000,
  refreshMaxPerIp: 1000,
  messagesApiMaxPerToken: 1000,
  signupMaxPerIp: 1000,
  ...values,
});
const signIn = (values: Partial<Config['loginThrottle']>): Config['loginThrottle'] => ({
  maxFailuresPerEmail: 1000,
  maxFailuresPerIp: 1000,
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

describe('sign-in failures per address (issue 12 point 4)', () => {
  const clock = manualClock('2030-01-10T12:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await start({ loginThrottle: signIn({ maxFailuresPerIp: 4, windowSeconds: 900 }) }, { clock });
  });

  it('past LOGIN_MAX_FAILURES_PER_IP failures, the address waits for the end of the window, whatever the email', async () => {
    const { admin } = await createCompany(t.db);
    for (let i = 0; i < 4; i++) {
      expect((await t.request('POST', '/auth/login', { body: { email: `guess-${i}@nowhere.test`, password: 'wrong-password' } })).status).toBe(401);
    }
    clock.advance(100_000);
    const refused = await t.request('POST', '/auth/login', { body: { email: admin.email, password: TEST_PASSWORD } });
    expectTooMany(refused);
    expect(retryAfter(refused)).toBe(800);
    clock.advance(800_000);
    expect((await t.request('POST', '/auth/login', { body: { email: admin.email, password: TEST_PASSWORD } })).status).toBe(200);
  });
});

describe('two processes of one deployment (issue 12 point 4)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const overrides = { rateLimit: limits({ messagesApiMaxPerToken: 2 }), loginThrottle: signIn({ maxFailuresPerEmail: 2 }) };
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
