import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../src/db/schema.ts';
import { findSignedInActor } from '../../src/platform/access.repo.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ loginThrottle: { maxFailuresPerEmail: 3, maxFailuresPerIpAndEmail: 1000, maxAccountsPerIp: 1000, windowSeconds: 60, maxDelaySeconds: 60 } });
});
afterAll(() => t?.close());

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('POST /auth/login (01-core §4 Session, §7)', () => {
  it('answers token, session id and the user with company, due date and settings; sets an httpOnly refresh cookie', async () => {
    const answer = await t.request('POST', '/auth/login', { body: { email: SUPER_EMAIL, password: SUPER_PASSWORD } });
    expect(answer.status).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
    expect(answer.body.sessionId).toEqual(expect.any(String));
    expect(answer.body.user).toMatchObject({
      email: SUPER_EMAIL,
      super: true,
      profile: 'admin',
      company: { id: 1, dueDate: '2999-12-31', settings: { userRating: 'disabled' }, plan: { useCampaigns: true } },
    });
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^jrt=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|passwordHash/);
  });

  it('refuses a wrong password and an unknown email alike with ERR_INVALID_CREDENTIALS (01-core §8)', async () => {
    const wrong = await t.request('POST', '/auth/login', { body: { email: SUPER_EMAIL, password: 'nope-nope' } });
    const unknown = await t.request('POST', '/auth/login', { body: { email: 'ghost@x.test', password: 'nope-nope' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  it('refuses an overdue company and names its due date (01-core §4 Session)', async () => {
    const { company } = await createCompany(t.db, { dueDate: daysFromToday(-1) });
    const agent = await createUser(t.db, company.id, { profile: 'user' });
    const answer = await t.request('POST', '/auth/login', { body: { email: agent.email, password: TEST_PASSWORD } });
    expect(answer).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_OVERDUE', dueDate: daysFromToday(-1) } });
    expect(answer.body.token).toBeUndefined();
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it("an overdue company's admin is refused too, with a sign-in that reaches only its invoices (01-core §4 Session)", async () => {
    const { admin } = await createCompany(t.db, { dueDate: daysFromToday(-1) });
    const answer = await t.request('POST', '/auth/login', { body: { email: admin.email, password: TEST_PASSWORD } });
    expect(answer).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_OVERDUE', dueDate: daysFromToday(-1), token: expect.any(String) } });
    const token = answer.body.token as string;
    expect((await t.request('GET', '/invoices', { token })).status).toBe(200);
    expect((await t.request('GET', '/auth/me', { token })).status).toBe(200);
    expect(await t.request('GET', '/users', { token })).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_OVERDUE', dueDate: daysFromToday(-1) } });
  });

  it('lets a company due today or later in (the web warns under 5 days)', async () => {
    const { admin } = await createCompany(t.db, { dueDate: daysFromToday(2) });
    const session = await t.login(admin.email, TEST_PASSWORD);
    expect(session.user.company.dueDate).toBe(daysFromToday(2));
  });

  it('throttles repeated failures per email with 429, even with the right password afterwards', async () => {
    const { admin } = await createCompany(t.db);
    for (let i = 0; i < 3; i++) {
      const failed = await t.request('POST', '/auth/login', { body: { email: admin.email, password: 'wrong-pass' } });
      expect(failed.status).toBe(401);
    }
    const throttled = await t.request('POST', '/auth/login', { body: { email: admin.email, password: TEST_PASSWORD } });
    expect(throttled).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
  });

  it('answers 400 with field paths for bad input', async () => {
    const answer = await t.request('POST', '/auth/login', { body: { email: 'not-an-email', password: 123, extra: 1 } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_VALIDATION');
    // an unknown field is ignored, never named (issue 13)
    const paths = answer.body.fields.map((field: { path: string }) => field.path);
    expect(paths.sort()).toEqual(['body.email', 'body.password']);
    const malformed = await t.request('POST', '/auth/login', { rawBody: '{"email":' });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_JSON' } });
  });
});

describe('refresh, logout and me (01-core §4 Session, §7)', () => {
  it('rotates the refresh token; a rotated token presented again later revokes the whole family', async () => {
    const session = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    const first = await t.request('POST', '/auth/refresh_token', { cookie: session.cookie });
    expect(first.status).toBe(200);
    expect(first.body.sessionId).toBe(session.sessionId);
    const rotatedCookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
    expect(rotatedCookie).not.toBe(session.cookie);

    // past the few seconds in which two tabs may refresh together
    await t.db.update(refreshTokens).set({ rotatedAt: new Date(Date.now() - 60_000) }).where(eq(refreshTokens.familyId, session.sessionId));
    const reuse = await t.request('POST', '/auth/refresh_token', { cookie: session.cookie });
    expect(reuse).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    const afterReuse = await t.request('POST', '/auth/refresh_token', { cookie: rotatedCookie });
    expect(afterReuse.status).toBe(401);
  });

  it('two tabs refreshing with the same cookie at once both stay signed in (01-core §4 Session)', async () => {
    const session = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    const [one, two] = await Promise.all([
      t.request('POST', '/auth/refresh_token', { cookie: session.cookie }),
      t.request('POST', '/auth/refresh_token', { cookie: session.cookie }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.sessionId).toBe(session.sessionId);
    expect(two.body.sessionId).toBe(session.sessionId);
    const next = (two.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await t.request('POST', '/auth/refresh_token', { cookie: next })).status).toBe(200);
  });

  it("requests checked in the same moment each get their own sign-in: other users', other companies', an ended one refused (01-core §4 Session)", async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const colleague = await createUser(t.db, a.company.id);
    const leaving = await createUser(t.db, a.company.id);
    const sessions = {
      admin: await t.login(a.admin.email, TEST_PASSWORD),
      colleague: await t.login(colleague.email, TEST_PASSWORD),
      otherCompany: await t.login(b.admin.email, TEST_PASSWORD),
      ended: await t.login(leaving.email, TEST_PASSWORD),
    };
    expect((await t.request('DELETE', '/auth/logout', { cookie: sessions.ended.cookie })).status).toBe(204);
    const asked = Object.entries(sessions).flatMap(([who, session]) => [1, 2, 3].map(() => ({ who, session })));
    const answers = await Promise.all(asked.map(({ session }) => t.request('GET', '/auth/me', { token: session.token })));
    const expected: Record<string, { status: number; body: Record<string, unknown> }> = {
      admin: { status: 200, body: { email: a.admin.email, company: { id: a.company.id } } },
      colleague: { status: 200, body: { email: colleague.email, company: { id: a.company.id } } },
      otherCompany: { status: 200, body: { email: b.admin.email, company: { id: b.company.id } } },
      ended: { status: 401, body: { error: 'ERR_SESSION_EXPIRED' } },
    };
    answers.forEach((answer, index) => expect(answer).toMatchObject(expected[asked[index].who]));

    // asked in one turn of the event loop, the checks share one read and each still gets its own
    const companyOf: Record<string, number> = { admin: a.company.id, colleague: a.company.id, otherCompany: b.company.id, ended: a.company.id };
    const claims = asked.map(({ who, session }) => ({ userId: session.user.id, companyId: companyOf[who], sessionId: session.sessionId }));
    const actors = await Promise.all(claims.map((claim) => findSignedInActor(t.db, claim)));
    expect(actors.map((actor) => actor && { id: actor.id, companyId: actor.companyId })).toEqual(
      asked.map(({ who, session }) => (who === 'ended' ? undefined : { id: session.user.id, companyId: companyOf[who] })),
    );
  });

  it('a newer sign-in of the same user ends the older one on the server: its refresh token and its access token are refused at once (01-core §4 Session)', async () => {
    const { company } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    const older = await t.login(user.email, TEST_PASSWORD);
    expect((await t.request('GET', '/auth/me', { token: older.token })).status).toBe(200);
    const newer = await t.login(user.email, TEST_PASSWORD);
    expect(await t.request('GET', '/auth/me', { token: older.token })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await t.request('POST', '/auth/refresh_token', { cookie: older.cookie })).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    // the newer one is untouched by the older one's refused refresh
    expect((await t.request('GET', '/auth/me', { token: newer.token })).status).toBe(200);
    const refreshed = await t.request('POST', '/auth/refresh_token', { cookie: newer.cookie });
    expect(refreshed).toMatchObject({ status: 200, body: { sessionId: newer.sessionId } });
    // an overdue admin's sign-in (to its invoices) is a sign-in too
    const overdue = await createCompany(t.db, { dueDate: daysFromToday(-1) });
    const first = await t.request('POST', '/auth/login', { body: { email: overdue.admin.email, password: TEST_PASSWORD } });
    const second = await t.request('POST', '/auth/login', { body: { email: overdue.admin.email, password: TEST_PASSWORD } });
    expect([first.status, second.status]).toEqual([402, 402]);
    expect((await t.request('GET', '/invoices', { token: first.body.token as string })).status).toBe(401);
    expect((await t.request('GET', '/invoices', { token: second.body.token as string })).status).toBe(200);
  });

  it('a sign-in and a refresh of the older sign-in racing each other leave only the newer sign-in alive (01-core §4 Session)', async () => {
    const { company } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    const older = await t.login(user.email, TEST_PASSWORD);
    const [refreshed, newer] = await Promise.all([
      t.request('POST', '/auth/refresh_token', { cookie: older.cookie }),
      t.login(user.email, TEST_PASSWORD),
    ]);
    const live = await t.db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect([...new Set(live.map((row) => row.familyId))]).toEqual([newer.sessionId]);
    if (refreshed.status === 200) expect((await t.request('GET', '/auth/me', { token: refreshed.body.token as string })).status).toBe(401);
  });

  it('logout ends the refresh token', async () => {
    const session = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    const logout = await t.request('DELETE', '/auth/logout', { cookie: session.cookie });
    expect(logout.status).toBe(204);
    const refresh = await t.request('POST', '/auth/refresh_token', { cookie: session.cookie });
    expect(refresh.status).toBe(401);
  });

  it('refresh without a cookie answers 401 so the web ends the session', async () => {
    expect((await t.request('POST', '/auth/refresh_token')).status).toBe(401);
  });

  it('GET /auth/me answers the session user; no token is 401, a bad token 403 (the web refreshes on 403)', async () => {
    const session = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    const me = await t.request('GET', '/auth/me', { token: session.token });
    expect(me).toMatchObject({ status: 200, body: { email: SUPER_EMAIL, company: { id: 1 } } });
    expect((await t.request('GET', '/auth/me')).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: 'garbage' })).status).toBe(403);
  });

  it('refuses alg none, foreign-key and expired tokens with 403', async () => {
    const session = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    const [, payload] = session.token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const algNone = `${header}.${payload}.`;
    const foreign = await new SignJWT({ cid: 1, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ cid: 1, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    for (const token of [algNone, foreign, expired]) {
      expect(await t.request('GET', '/auth/me', { token })).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
    }
  });

  it('an access token accepted before is refused once it expires (01-core §4 Session)', async () => {
    const short = await startTestApp({ accessTokenTtlSeconds: 3 });
    try {
      const session = await short.login(SUPER_EMAIL, SUPER_PASSWORD);
      expect((await short.request('GET', '/auth/me', { token: session.token })).status).toBe(200);
      // its signature was checked once; its expiry still holds
      await expect.poll(async () => (await short.request('GET', '/auth/me', { token: session.token })).body, { timeout: 15_000, interval: 250 }).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    } finally {
      await short.close();
    }
  });

  it('a deleted user loses access at once', async () => {
    const { company } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    const session = await t.login(user.email, TEST_PASSWORD);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(401);
  });
});
