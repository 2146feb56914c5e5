// Issue 38 point 3: the public sign-up verifies its email before the company is usable; a sign-up
// left unverified for a day is removed, and one holding an email gives way to a new sign-up with
// it. The mails are read from a real SMTP server on loopback.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, jobs } from '../../src/db/schema.ts';
import { loadConfig } from '../../src/config.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { scheduleUnverifiedSignupsSweep } from '../../src/modules/companies/unverified-signups.jobs.ts';
import { VERIFICATION_MAILS_PER_HOUR } from '../../src/modules/companies/signup-verification.service.ts';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const LINK_BASE = 'https://crm.example.test';
const HOUR_MS = 60 * 60 * 1000;

const clock = manualClock(new Date());
let receiver: SmtpReceiver;
let t: TestApp;
let publicPlanId: number;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  t = await startTestApp({ mail: receiver.mailConfig(LINK_BASE), rateLimit: { ...loadConfig({ NODE_ENV: 'test' }).rateLimit, signupMaxPerIp: 1000 } }, { clock });
  const superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
  publicPlanId = (await t.request('POST', '/plans', { token: superToken, body: { name: 'Verified signup plan', users: 3 } })).body.id;
  await t.request('PUT', '/settings/userCreation', { token: superToken, body: { value: 'enabled' } });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

let sequence = 0;
const newEmail = () => `owner-${Date.now().toString(36)}-${sequence++}@loja.test`;

const signup = (email: string, companyName = 'Loja Verificada', password = 'owner-secret') =>
  t.request('POST', '/auth/signup', { body: { name: 'Olga Dona', companyName, email, password, phone: '11987654321', planId: publicPlanId }, headers: { 'accept-language': 'en' } });

const verificationToken = async (email: string) => {
  const mail = await receiver.nextMail(email);
  return { mail, token: new URL(linkIn(mail, '/verify-email')).searchParams.get('token') ?? '' };
};

const verify = (token: string) => t.request('POST', '/auth/signup/verify', { body: { token } });
const signIn = (email: string, password = 'owner-secret') => t.request('POST', '/auth/login', { body: { email, password } });
const companyRow = async (companyId: number) => (await t.db.select().from(companies).where(eq(companies.id, companyId)))[0];
const auditOf = async (companyId: number) =>
  (await t.db.select({ action: auditLog.action, actorLabel: auditLog.actorLabel }).from(auditLog).where(eq(auditLog.companyId, companyId))).map((row) => row);

describe('verified sign-up (issue 38 point 3)', () => {
  it('issue 38 point 3: sign-up -> cannot sign in -> verification mail -> verify -> signs in; the link works once', async () => {
    const email = newEmail();
    const created = await signup(email);
    expect(created).toMatchObject({ status: 201, body: { awaitingVerification: true } });
    expect(await companyRow(created.body.companyId)).toMatchObject({ awaitingVerification: true });
    expect(await signIn(email)).toMatchObject({ status: 403, body: { error: 'ERR_EMAIL_NOT_VERIFIED' } });
    // a wrong password still answers as wrong credentials: the refusal tells nothing without it
    expect(await signIn(email, 'not-the-password')).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });

    const { mail, token } = await verificationToken(email);
    expect(mail.subject).toMatch(/^Confirm your email - /);
    expect((await verify(token)).status).toBe(204);
    expect(await verify(token)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    expect(await signIn(email)).toMatchObject({ status: 200, body: { user: { email, companyId: created.body.companyId } } });
    expect((await auditOf(created.body.companyId)).map((entry) => entry.action)).toEqual(expect.arrayContaining(['company.signup', 'company.verified']));
  });

  it('issue 38 point 3: a forged verification link is refused', async () => {
    expect(await verify('forged-verification-token-0000000000000000')).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
  });

  it('issue 38 point 3: resend answers the same for any email; for a sign-up awaiting it, a new link replaces the old', async () => {
    const email = newEmail();
    await signup(email);
    const { token: first } = await verificationToken(email);
    const stranger = newEmail();
    const answers = await Promise.all([email, stranger].map((address) => t.request('POST', '/auth/signup/resend', { body: { email: address } })));
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [204, undefined],
      [204, undefined],
    ]);
    const { token: second } = await verificationToken(email);
    expect(receiver.receivedBy(stranger)).toHaveLength(0);
    expect(await verify(first)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    expect((await verify(second)).status).toBe(204);
  });

  it('issue 38 point 3: verification mails are limited per email, whoever asks', async () => {
    const email = newEmail();
    await signup(email);
    for (let sent = 1; sent < VERIFICATION_MAILS_PER_HOUR + 2; sent++) {
      expect((await t.request('POST', '/auth/signup/resend', { body: { email } })).status).toBe(204);
    }
    await receiver.mailsTo(email, VERIFICATION_MAILS_PER_HOUR);
    // a sign-up with that email is refused too while the hour lasts (it would mail it once more)
    expect(await signup(email)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    await t.app.jobs.runDue();
    expect(receiver.receivedBy(email)).toHaveLength(VERIFICATION_MAILS_PER_HOUR);
  });

  it("issue 38 point 3: a sign-up with an email held only by an unverified sign-up replaces it, so nobody blocks another's email", async () => {
    const email = newEmail();
    const squatter = await signup(email, 'Empresa Intrusa', 'squatter-password');
    const { token: squatterToken } = await verificationToken(email);
    const owner = await signup(email, 'Empresa Verdadeira', 'owner-secret');
    expect(owner.status).toBe(201);
    expect(await companyRow(squatter.body.companyId)).toBeUndefined();
    expect(await verify(squatterToken)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    const { token } = await verificationToken(email);
    expect((await verify(token)).status).toBe(204);
    expect(await signIn(email)).toMatchObject({ status: 200, body: { user: { companyId: owner.body.companyId } } });
    expect(await auditOf(squatter.body.companyId)).toEqual(expect.arrayContaining([{ action: 'company.removedUnverified', actorLabel: expect.any(String) }]));
    // a verified company's email is taken for good
    expect(await signup(email, 'Empresa Tardia')).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
  });

  it('issue 38 point 3: the hourly sweep removes sign-ups unverified after a day, keeps newer and verified ones, and queues the next hour', async () => {
    const stale = await signup(newEmail(), 'Empresa Esquecida');
    const verifiedEmail = newEmail();
    const verified = await signup(verifiedEmail, 'Empresa Confirmada');
    expect((await verify((await verificationToken(verifiedEmail)).token)).status).toBe(204);
    await t.db.update(companies).set({ createdAt: new Date(clock.now().getTime() - 25 * HOUR_MS) }).where(eq(companies.id, stale.body.companyId));
    await t.db.update(companies).set({ createdAt: new Date(clock.now().getTime() - 25 * HOUR_MS) }).where(eq(companies.id, verified.body.companyId));
    const fresh = await signup(newEmail(), 'Empresa Nova');

    await scheduleUnverifiedSignupsSweep(t.db, clock);
    // a second process starting in the same hour adds no second sweep
    await scheduleUnverifiedSignupsSweep(t.db, clock);
    await t.app.jobs.runDue();

    expect(await companyRow(stale.body.companyId)).toBeUndefined();
    expect(await companyRow(verified.body.companyId)).toMatchObject({ awaitingVerification: false });
    expect(await companyRow(fresh.body.companyId)).toMatchObject({ awaitingVerification: true });
    expect(await auditOf(stale.body.companyId)).toEqual(expect.arrayContaining([{ action: 'company.removedUnverified', actorLabel: 'system' }]));
    const runs = await t.db.select().from(jobs).where(eq(jobs.kind, 'company.removeUnverified'));
    expect(runs.filter((job) => job.state === 'completed')).toHaveLength(1);
    const nextHour = new Date(clock.now().getTime() + HOUR_MS).toISOString().slice(0, 13);
    expect(runs.filter((job) => job.state === 'waiting').map((job) => job.singletonKey)).toEqual([nextHour]);
  });

  it('issue 38 point 3: a company the super admin creates does not await verification', async () => {
    const superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
    const email = newEmail();
    const created = await t.request('POST', '/companies', { token: superToken, body: { name: 'Empresa do Admin', email, password: 'admin-made-1', planId: publicPlanId } });
    expect(created.status).toBe(201);
    expect(await companyRow(created.body.id)).toMatchObject({ awaitingVerification: false });
    expect((await signIn(email, 'admin-made-1')).status).toBe(200);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, created.body.id), eq(auditLog.action, 'company.verified')))).toHaveLength(0);
  });
});

describe('sign-up with email off (issue 38 point 3)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp();
  });
  afterAll(() => off?.close());

  it('issue 38 point 3: without email the sign-up is usable at once (docs/security.md), and resend sends nothing', async () => {
    const superToken = (await off.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
    const planId = (await off.request('POST', '/plans', { token: superToken, body: { name: 'Off plan' } })).body.id;
    await off.request('PUT', '/settings/userCreation', { token: superToken, body: { value: 'enabled' } });
    const email = newEmail();
    const created = await off.request('POST', '/auth/signup', { body: { name: 'Sem Email', companyName: 'Loja Sem Email', email, password: 'no-mail-1', phone: '1199', planId } });
    expect(created).toMatchObject({ status: 201, body: { awaitingVerification: false } });
    expect((await off.login(email, 'no-mail-1')).user).toMatchObject({ email });
    expect((await off.request('POST', '/auth/signup/resend', { body: { email } })).status).toBe(204);
  });
});

describe('verification links limited per address (issue 38 "Bad input")', () => {
  const LINK_LIMIT = 2;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimit: { ...loadConfig({ NODE_ENV: 'test' }).rateLimit, signupMaxPerIp: LINK_LIMIT } });
  });
  afterAll(() => limited?.close());

  it('issue 38 Bad input: forged verification links are refused and counted until the address waits (429)', async () => {
    const forged = (index: number) => `forged-verification-token-${index}-000000000000000`;
    for (let index = 0; index < LINK_LIMIT; index++) {
      expect(await limited.request('POST', '/auth/signup/verify', { body: { token: forged(index) } })).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    }
    expect(await limited.request('POST', '/auth/signup/verify', { body: { token: forged(LINK_LIMIT) } })).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
  });
});
