// Issue 38 point 4: two-factor sign-in with an authenticator app. Codes are computed from the
// shared secret at the server's injected clock, as a phone would show them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, globalSettings, users } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { totpCode } from '../../src/modules/two-factor/totp.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const clock = manualClock('2026-03-02T10:00:00Z');
const STEP_MS = 30_000;
const MAX_FAILURES = 3;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp(
    { loginThrottle: { maxFailuresPerEmail: MAX_FAILURES, maxFailuresPerIpAndEmail: 1000, maxAccountsPerIp: 1000, windowSeconds: 600, maxDelaySeconds: 60 } },
    { clock },
  );
});
afterAll(async () => {
  await t?.close();
});

type Answer = Record<string, unknown>;
const body = (answer: { body: unknown }) => answer.body as Answer;
// the next 30-second step, so each sign-in's code is new
const nextStep = () => clock.advance(STEP_MS);

// enrols the user: answers its secret and recovery codes
const enrol = async (token: string) => {
  const setup = await t.request('POST', '/auth/two-factor/setup', { token });
  expect(setup.status).toBe(200);
  const secret = body(setup).manualKey as string;
  const confirmed = await t.request('POST', '/auth/two-factor/confirm', { token, body: { code: totpCode(secret, clock.now()) } });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: body(confirmed).recoveryCodes as string[] };
};

const enrolledUser = async (companyId: number, values: Parameters<typeof createUser>[2] = {}) => {
  const user = await createUser(t.db, companyId, values);
  const { token } = await t.login(user.email, TEST_PASSWORD);
  return { user, ...(await enrol(token)) };
};

const challengeOf = async (email: string) => {
  const answer = await t.request('POST', '/auth/login', { body: { email, password: TEST_PASSWORD } });
  expect(answer.status).toBe(200);
  expect(body(answer).twoFactorRequired).toBe(true);
  return body(answer).challenge as string;
};

const secondStep = (challenge: string, factor: { code?: string; recoveryCode?: string }) =>
  t.request('POST', '/auth/login/two-factor', { body: { challenge, ...factor } });

const auditActions = async (userId: number) =>
  (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(userId)))).map((row) => row.action);

describe('enrolment (issue 38 point 4)', () => {
  it('issue 38 point 4: start answers an otpauth URI and the manual key; a first code turns it on and answers ten recovery codes once', async () => {
    const { company } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    const { token } = await t.login(user.email, TEST_PASSWORD);
    const setup = await t.request('POST', '/auth/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    const secret = body(setup).manualKey as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body(setup).otpauthUri).toBe(
      `otpauth://totp/O%20Plano:${encodeURIComponent(user.email)}?secret=${secret}&issuer=O+Plano&algorithm=SHA1&digits=6&period=30`,
    );
    // the secret is stored sealed, and not in force until confirmed
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.totpSecret).not.toContain(secret);
    expect(stored.totpEnabledAt).toBeNull();

    const wrong = await t.request('POST', '/auth/two-factor/confirm', { token, body: { code: totpCode(secret, new Date(clock.now().getTime() + 5 * STEP_MS)) } });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TWO_FACTOR_CODE' } });
    const confirmed = await t.request('POST', '/auth/two-factor/confirm', { token, body: { code: totpCode(secret, clock.now()) } });
    expect(confirmed.status).toBe(200);
    const codes = body(confirmed).recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(codes).size).toBe(10);

    expect(body(await t.request('GET', '/auth/me', { token }))).toMatchObject({ twoFactorEnabled: true, mustEnrollTwoFactor: false });
    expect((await t.request('POST', '/auth/two-factor/setup', { token })).body).toEqual({ error: 'ERR_TWO_FACTOR_ALREADY_ENABLED' });
    expect(await auditActions(user.id)).toContain('auth.twoFactorEnabled');
  });
});

describe('sign-in with a second factor (issue 38 point 4)', () => {
  it('issue 38 point 4: the password alone issues no session; the challenge with the current code does', async () => {
    const { company } = await createCompany(t.db);
    const { user, secret } = await enrolledUser(company.id);
    nextStep();
    const answer = await t.request('POST', '/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(answer.status).toBe(200);
    expect(Object.keys(body(answer)).sort()).toEqual(['challenge', 'twoFactorRequired']);
    expect(answer.headers.get('set-cookie')).toBeNull();
    // the enrolment's own sign-in was the one before
    const signIns = async () => (await auditActions(user.id)).filter((action) => action === 'auth.signIn').length;
    expect(await signIns()).toBe(1);

    const signedIn = await secondStep(body(answer).challenge as string, { code: totpCode(secret, clock.now()) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(/jrt=/);
    const token = body(signedIn).token as string;
    expect(body(await t.request('GET', '/auth/me', { token }))).toMatchObject({ id: user.id, twoFactorEnabled: true });
    expect(await signIns()).toBe(2);
  });

  it('issue 38 point 4: a code is accepted once: the same code is refused the second time, even with a new challenge', async () => {
    const { company } = await createCompany(t.db);
    const { user, secret } = await enrolledUser(company.id);
    nextStep();
    const code = totpCode(secret, clock.now());
    expect((await secondStep(await challengeOf(user.email), { code })).status).toBe(200);
    expect(await secondStep(await challengeOf(user.email), { code })).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_TWO_FACTOR_CODE' } });
    expect(await auditActions(user.id)).toContain('auth.twoFactorFailed');
  });

  it('issue 38 point 4: of two sign-ins sent at once with the same code, or the same recovery code, one is accepted', async () => {
    const { company } = await createCompany(t.db);
    const { user, secret, recoveryCodes } = await enrolledUser(company.id);
    nextStep();
    const code = totpCode(secret, clock.now());
    const [first, second] = await Promise.all([challengeOf(user.email), challengeOf(user.email)]);
    const withCode = await Promise.all([secondStep(first, { code }), secondStep(second, { code })]);
    expect(withCode.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const withRecovery = await Promise.all([secondStep(first, { recoveryCode: recoveryCodes[0] }), secondStep(second, { recoveryCode: recoveryCodes[0] })]);
    expect(withRecovery.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it("issue 38 point 4: the previous step's code is accepted (a phone's clock a little behind), an older one is not", async () => {
    const { company } = await createCompany(t.db);
    const { user, secret } = await enrolledUser(company.id);
    clock.advance(3 * STEP_MS);
    const twoStepsAgo = totpCode(secret, new Date(clock.now().getTime() - 2 * STEP_MS));
    expect((await secondStep(await challengeOf(user.email), { code: twoStepsAgo })).status).toBe(401);
    const previous = totpCode(secret, new Date(clock.now().getTime() - STEP_MS));
    expect((await secondStep(await challengeOf(user.email), { code: previous })).status).toBe(200);
  });

  it('issue 38 point 4: wrong codes count with wrong passwords: past the limit even the right code waits (429)', async () => {
    const { company } = await createCompany(t.db);
    const { user, secret } = await enrolledUser(company.id);
    nextStep();
    const challenge = await challengeOf(user.email);
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      expect((await secondStep(challenge, { code: '000000' })).status).toBe(401);
    }
    const refused = await secondStep(challenge, { code: totpCode(secret, clock.now()) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // the password step is held back as well: the account is the one counted
    expect((await t.request('POST', '/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(429);
  });

  it('issue 38 point 4: a forged or foreign challenge is refused', async () => {
    const { admin } = await createCompany(t.db);
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    expect(await secondStep('not-a-token', { code: '123456' })).toMatchObject({ status: 401, body: { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' } });
    // an access token is no challenge
    expect(await secondStep(token, { code: '123456' })).toMatchObject({ status: 401, body: { error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' } });
  });

  it('issue 38 point 4: a recovery code signs in once, in any case and without its dash', async () => {
    const { company } = await createCompany(t.db);
    const { user, recoveryCodes } = await enrolledUser(company.id);
    const [first] = recoveryCodes;
    expect((await secondStep(await challengeOf(user.email), { recoveryCode: first.replace('-', '').toUpperCase() })).status).toBe(200);
    expect(await secondStep(await challengeOf(user.email), { recoveryCode: first })).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_TWO_FACTOR_CODE' } });
    expect(await auditActions(user.id)).toContain('auth.recoveryCodeUsed');
  });
});

describe("the user's own changes (issue 38 point 4)", () => {
  it('issue 38 point 4: new recovery codes need a current code and replace the old ones', async () => {
    const { company } = await createCompany(t.db);
    const { user, secret, recoveryCodes } = await enrolledUser(company.id);
    const { token } = body(await secondStep(await challengeOf(user.email), { recoveryCode: recoveryCodes[0] })) as { token: string };
    nextStep();
    expect((await t.request('POST', '/auth/two-factor/recovery-codes', { token, body: { code: '000000' } })).status).toBe(400);
    const regenerated = await t.request('POST', '/auth/two-factor/recovery-codes', { token, body: { code: totpCode(secret, clock.now()) } });
    expect(regenerated.status).toBe(200);
    const fresh = body(regenerated).recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await challengeOf(user.email), { recoveryCode: recoveryCodes[1] })).status).toBe(401);
    expect((await secondStep(await challengeOf(user.email), { recoveryCode: fresh[0] })).status).toBe(200);
    expect(await auditActions(user.id)).toContain('auth.recoveryCodesRegenerated');
  });

  it('issue 38 point 4: turning it off asks for a code or the password; then the password alone signs in', async () => {
    const { company } = await createCompany(t.db);
    const { user, recoveryCodes } = await enrolledUser(company.id);
    const { token } = body(await secondStep(await challengeOf(user.email), { recoveryCode: recoveryCodes[0] })) as { token: string };
    expect(await t.request('POST', '/auth/two-factor/disable', { token, body: {} })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await t.request('POST', '/auth/two-factor/disable', { token, body: { password: 'wrong-password' } })).status).toBe(400);
    expect((await t.request('POST', '/auth/two-factor/disable', { token, body: { password: TEST_PASSWORD } })).status).toBe(204);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect((await t.login(user.email, TEST_PASSWORD)).user).toMatchObject({ twoFactorEnabled: false });
    expect(await auditActions(user.id)).toContain('auth.twoFactorDisabled');
  });
});

describe("an admin's reset for a lost device (issue 38 point 4)", () => {
  it("issue 38 point 4: the company's admin resets its user; another company's admin gets not found; an attendant may not", async () => {
    const { company, admin } = await createCompany(t.db);
    const other = await createCompany(t.db);
    const attendant = await createUser(t.db, company.id);
    const { user } = await enrolledUser(company.id);
    const adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
    const listed = body(await t.request('GET', '/users', { token: adminToken })).users as Answer[];
    expect(listed.find((row) => row.id === user.id)).toMatchObject({ twoFactorEnabled: true });
    expect(listed.find((row) => row.id === admin.id)).toMatchObject({ twoFactorEnabled: false });

    const otherToken = (await t.login(other.admin.email, TEST_PASSWORD)).token;
    expect(await t.request('DELETE', `/users/${user.id}/two-factor`, { token: otherToken })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const attendantToken = (await t.login(attendant.email, TEST_PASSWORD)).token;
    expect((await t.request('DELETE', `/users/${user.id}/two-factor`, { token: attendantToken })).status).toBe(403);
    expect((await t.request('POST', '/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).body).toMatchObject({ twoFactorRequired: true });

    expect((await t.request('DELETE', `/users/${user.id}/two-factor`, { token: adminToken })).status).toBe(204);
    expect((await t.login(user.email, TEST_PASSWORD)).user).toMatchObject({ twoFactorEnabled: false });
    expect(await auditActions(user.id)).toContain('auth.twoFactorReset');
  });

  it("issue 38 point 4: the super admin resets any company's user", async () => {
    const { company } = await createCompany(t.db);
    const { user } = await enrolledUser(company.id);
    const superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
    expect((await t.request('DELETE', `/users/${user.id}/two-factor`, { token: superToken })).status).toBe(204);
    expect((await t.login(user.email, TEST_PASSWORD)).user).toMatchObject({ twoFactorEnabled: false });
  });
});

describe('requiring it (issue 38 point 4)', () => {
  it("issue 38 point 4: the company's twoFactorRequired makes a user who has not enrolled do so before anything else, and keeps it on", async () => {
    const { company, admin } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    const adminSession = await t.login(admin.email, TEST_PASSWORD);
    expect((await t.request('PUT', '/companySettings', { token: adminSession.token, body: { column: 'twoFactorRequired', data: 'enabled' } })).status).toBe(200);

    const session = await t.login(user.email, TEST_PASSWORD);
    expect(session.user).toMatchObject({ mustEnrollTwoFactor: true, twoFactorEnabled: false });
    expect(await t.request('GET', '/tickets', { token: session.token })).toMatchObject({ status: 403, body: { error: 'ERR_TWO_FACTOR_ENROLLMENT_REQUIRED' } });
    // the admin's open session is held too
    expect(await t.request('GET', '/users', { token: adminSession.token })).toMatchObject({ status: 403, body: { error: 'ERR_TWO_FACTOR_ENROLLMENT_REQUIRED' } });
    expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(200);

    const { secret } = await enrol(session.token);
    expect((await t.request('GET', '/tickets', { token: session.token })).status).toBe(200);
    expect(body(await t.request('GET', '/auth/me', { token: session.token }))).toMatchObject({ mustEnrollTwoFactor: false, twoFactorEnabled: true });
    nextStep();
    expect(await t.request('POST', '/auth/two-factor/disable', { token: session.token, body: { code: totpCode(secret, clock.now()) } })).toMatchObject({
      status: 409,
      body: { error: 'ERR_TWO_FACTOR_REQUIRED' },
    });
  });

  // last: the platform's requirement holds for every admin of this file's server, the super admin's too
  it("issue 38 point 4: the super admin's twoFactorRequiredForAdmins holds for every company's admins, not its attendants", async () => {
    const { company, admin } = await createCompany(t.db);
    const attendant = await createUser(t.db, company.id);
    const superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
    try {
      expect((await t.request('PUT', '/settings/twoFactorRequiredForAdmins', { token: superToken, body: { value: 'enabled' } })).status).toBe(200);
      const adminSession = await t.login(admin.email, TEST_PASSWORD);
      expect(adminSession.user).toMatchObject({ mustEnrollTwoFactor: true });
      expect(await t.request('GET', '/users', { token: adminSession.token })).toMatchObject({ status: 403, body: { error: 'ERR_TWO_FACTOR_ENROLLMENT_REQUIRED' } });
      const attendantSession = await t.login(attendant.email, TEST_PASSWORD);
      expect(attendantSession.user).toMatchObject({ mustEnrollTwoFactor: false });
      expect((await t.request('GET', '/tickets', { token: attendantSession.token })).status).toBe(200);
      await enrol(adminSession.token);
      expect((await t.request('GET', '/users', { token: adminSession.token })).status).toBe(200);
    } finally {
      await t.db.delete(globalSettings).where(and(eq(globalSettings.key, 'twoFactorRequiredForAdmins')));
    }
  });
});
