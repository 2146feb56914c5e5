// issue 38 point 2: password reset through the real HTTP routes, the job runner and a real SMTP
// server on loopback.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, auditLog, companies } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { mailSendJob } from '../../src/platform/mail/mail.jobs.ts';
import { passwordResetRequestJob } from '../../src/modules/auth/password-reset.jobs.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { jobsOfKind } from '../helpers/jobs.ts';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'a-brand-new-password';
const start = new Date('2026-03-02T12:00:00Z');
const clock = manualClock(start);

let receiver: SmtpReceiver;
let t: TestApp;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  // the address limit is lifted here: every request of these tests comes from 127.0.0.1
  t = await startTestApp({ mail: receiver.mailConfig('http://app.example.test'), passwordReset: { maxPerEmail: 3, maxPerIp: 1000, windowSeconds: 3600 } }, { clock });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const forgot = (email: string, locale?: string) => t.request('POST', '/auth/forgot-password', { body: { email, ...(locale ? { locale } : {}) } });
const reset = (token: string, password = NEW_PASSWORD) => t.request('POST', '/auth/reset-password', { body: { token, password } });
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const resetLinkFor = async (email: string, locale?: string) => {
  expect((await forgot(email, locale)).status).toBe(204);
  return linkIn(await receiver.nextMail(email), '/reset-password');
};
// the request jobs have all run (a done one is deleted), so every mail they caused is queued
const requestsDone = () => eventually(async () => (await jobsOfKind(t.db, passwordResetRequestJob.name)).length).toBe(0);
const auditOf = (userId: number) => t.db.select().from(auditLog).where(eq(auditLog.entityId, String(userId)));

describe('password reset (issue 38 point 2)', () => {
  it('issue 38 point 2: forgot password mails a single-use link in the language asked, and changes nothing until it is used', async () => {
    const { admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const answer = await forgot(admin.email.toUpperCase(), 'en-US');
    expect(answer).toMatchObject({ status: 204, body: undefined });
    const mail = await receiver.nextMail(admin.email);
    expect(mail.subject).toMatch(/^Password reset/);
    expect(linkIn(mail, '/reset-password')).toMatch(/^http:\/\/app\.example\.test\/reset-password\?token=[\w-]{43}$/);
    // the old password and the open session still work
    expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(200);
    await t.login(admin.email, TEST_PASSWORD);
    const [row] = await t.db.select().from(accountTokens).where(and(eq(accountTokens.userId, admin.id), eq(accountTokens.purpose, 'passwordReset')));
    // only the token's SHA-256 is stored
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toBe(tokenOf(linkIn(mail, '/reset-password')));
    expect((await auditOf(admin.id)).map((entry) => entry.action)).toContain('auth.passwordResetRequested');
  });

  it('issue 38 point 2: an unknown email gets the same answer, and no link, mail or audit entry', async () => {
    const { admin } = await createCompany(t.db);
    const known = await forgot(admin.email);
    const unknown = await forgot('nobody-here@example.test');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    await receiver.nextMail(admin.email);
    await requestsDone();
    const queued = await jobsOfKind(t.db, mailSendJob.name);
    expect(queued.filter((job) => (job.payload as { to: string }).to === 'nobody-here@example.test')).toEqual([]);
    expect(receiver.receivedBy('nobody-here@example.test')).toEqual([]);
  });

  it('issue 38 point 2: using the link sets the password, clears the forced change, ends every session and does not sign in', async () => {
    const { company } = await createCompany(t.db);
    const user = await createUser(t.db, company.id, { mustChangePassword: true });
    const first = await t.login(user.email, TEST_PASSWORD);
    const second = await t.login(user.email, TEST_PASSWORD);
    const link = await resetLinkFor(user.email);
    expect((await t.request('GET', `/auth/reset-password?token=${tokenOf(link)}`)).status).toBe(204);
    const answer = await reset(tokenOf(link));
    expect(answer).toMatchObject({ status: 204, body: undefined });
    expect(answer.headers.get('set-cookie')).toBeNull();
    for (const session of [first, second]) {
      expect((await t.request('GET', '/auth/me', { token: session.token })).status).toBe(401);
      expect((await t.request('POST', '/auth/refresh_token', { cookie: session.cookie })).status).toBe(401);
    }
    expect((await t.request('POST', '/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(401);
    const signedIn = await t.login(user.email, NEW_PASSWORD);
    expect(signedIn.user).toMatchObject({ mustChangePassword: false });
    const [entry] = (await auditOf(user.id)).filter((row) => row.action === 'auth.passwordReset');
    expect(entry).toMatchObject({ companyId: company.id, actorUserId: user.id, entityType: 'user' });
  });

  it('issue 38 point 2: a used link is refused the second time, and a forged one always', async () => {
    const { admin } = await createCompany(t.db);
    const link = await resetLinkFor(admin.email);
    expect((await reset(tokenOf(link))).status).toBe(204);
    expect(await reset(tokenOf(link), 'yet-another-password')).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    expect((await t.request('GET', `/auth/reset-password?token=${tokenOf(link)}`)).body).toEqual({ error: 'ERR_INVALID_TOKEN' });
    expect(await reset('forged-token-that-was-never-issued')).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    await t.login(admin.email, NEW_PASSWORD);
  });

  it('issue 38 point 2: one link used twice at once changes the password once', async () => {
    const { admin } = await createCompany(t.db);
    const token = tokenOf(await resetLinkFor(admin.email));
    const answers = await Promise.all([reset(token, 'first-racing-password'), reset(token, 'second-racing-password')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 400]);
  });

  it('issue 38 point 2: a link expires 30 minutes after it was mailed', async () => {
    const { admin } = await createCompany(t.db);
    clock.set(start);
    const token = tokenOf(await resetLinkFor(admin.email));
    clock.set(new Date(start.getTime() + 30 * 60_000 - 1000));
    expect((await t.request('GET', `/auth/reset-password?token=${token}`)).status).toBe(204);
    clock.set(new Date(start.getTime() + 30 * 60_000));
    expect(await reset(token)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    await t.login(admin.email, TEST_PASSWORD);
    clock.set(start);
  });

  it('issue 38 point 2: a new link ends the earlier unused one', async () => {
    const { admin } = await createCompany(t.db);
    const earlier = tokenOf(await resetLinkFor(admin.email));
    const later = tokenOf(await resetLinkFor(admin.email));
    expect((await reset(earlier)).status).toBe(400);
    expect((await reset(later)).status).toBe(204);
  });

  it('issue 38 point 2: invited users and users of a sign-up awaiting verification get no reset mail', async () => {
    const { company } = await createCompany(t.db);
    const invited = await createUser(t.db, company.id, { invitedAt: new Date() });
    const pending = await createCompany(t.db);
    await t.db.update(companies).set({ awaitingVerification: true }).where(eq(companies.id, pending.company.id));
    expect((await forgot(invited.email)).status).toBe(204);
    expect((await forgot(pending.admin.email)).status).toBe(204);
    await requestsDone();
    expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, invited.id))).toEqual([]);
    expect(await t.db.select().from(accountTokens).where(eq(accountTokens.userId, pending.admin.id))).toEqual([]);
    expect([...receiver.receivedBy(invited.email), ...receiver.receivedBy(pending.admin.email)]).toEqual([]);
  });

  it('issue 38 point 2: asking is limited per email, the same for unknown emails (429 with Retry-After)', async () => {
    const { admin } = await createCompany(t.db);
    for (const email of [admin.email, 'limited-unknown@example.test']) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(204);
      const refused = await forgot(email);
      expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    clock.set(new Date(start.getTime() + 3600_000));
    expect((await forgot(admin.email)).status).toBe(204);
    clock.set(start);
  });

  it('issue 38 point 2: an SMTP server that refuses mail does not hold up the answer', async () => {
    const { admin } = await createCompany(t.db);
    receiver.refuseWith(451);
    try {
      expect((await forgot(admin.email)).status).toBe(204);
      await eventually(async () => (await jobsOfKind(t.db, mailSendJob.name)).some((job) => (job.payload as { to: string }).to === admin.email && job.attempts > 0)).toBe(true);
    } finally {
      receiver.refuseWith(null);
    }
  });
});

describe('password reset limits per address and without email (issue 38 point 2)', () => {
  it('issue 38 point 2: asking is limited per client address, and failed links count against it', async () => {
    const limited = await startTestApp({ mail: receiver.mailConfig('http://app.example.test'), passwordReset: { maxPerEmail: 10, maxPerIp: 3, windowSeconds: 3600 } });
    try {
      for (let i = 0; i < 3; i++) expect((await limited.request('POST', '/auth/forgot-password', { body: { email: `someone-${i}@example.test` } })).status).toBe(204);
      expect((await limited.request('POST', '/auth/forgot-password', { body: { email: 'someone-else@example.test' } })).status).toBe(429);

      for (let i = 0; i < 3; i++) {
        expect((await limited.request('POST', '/auth/reset-password', { body: { token: `forged-${i}`, password: NEW_PASSWORD } })).status).toBe(400);
      }
      // past the failures, even a check is refused before the link is looked at
      expect((await limited.request('GET', '/auth/reset-password?token=forged-again')).status).toBe(429);
      expect((await limited.request('POST', '/auth/reset-password', { body: { token: 'forged-again', password: NEW_PASSWORD } })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('issue 38 point 2: with email off, forgot password says so (503 ERR_EMAIL_DISABLED) for every email', async () => {
    const off = await startTestApp();
    try {
      expect(await off.request('POST', '/auth/forgot-password', { body: { email: 'anyone@example.test' } })).toMatchObject({ status: 503, body: { error: 'ERR_EMAIL_DISABLED' } });
    } finally {
      await off.close();
    }
  });
});
