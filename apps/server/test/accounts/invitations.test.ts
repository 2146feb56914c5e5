// Issue 38 point 3: an admin invites a user by email; the invited user follows the mailed link,
// chooses a password and signs in. The mails are read from a real SMTP server on loopback.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_DAYS } from '@atende/shared/invitations';
import { auditLog, users } from '../../src/db/schema.ts';
import { loadConfig } from '../../src/config.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const LINK_BASE = 'https://crm.example.test';
const DAY_MS = 24 * 60 * 60 * 1000;

const clock = manualClock(new Date());
let receiver: SmtpReceiver;
let t: TestApp;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  t = await startTestApp({ mail: receiver.mailConfig(LINK_BASE), rateLimit: { ...loadConfig({ NODE_ENV: 'test' }).rateLimit, signupMaxPerIp: 1000 } }, { clock });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

let sequence = 0;
const newEmail = () => `invited-${Date.now().toString(36)}-${sequence++}@example.test`;

const adminOf = async (options: { maxUsers?: number } = {}) => {
  const { company, admin } = await createCompany(t.db, options);
  return { company, token: (await t.login(admin.email, TEST_PASSWORD)).token };
};

const invite = (token: string, body: Record<string, unknown>, language = 'en') =>
  t.request('POST', '/users/invite', { token, body, headers: { 'accept-language': language } });

// the token of the link the invitation's mail carries
const invitationToken = async (email: string) => {
  const mail = await receiver.nextMail(email);
  return { mail, token: new URL(linkIn(mail, '/accept-invitation')).searchParams.get('token') ?? '' };
};

const accept = (token: string, password: string, name?: string) => t.request('POST', '/auth/invitation/accept', { body: { token, password, ...(name && { name }) } });

// the invitation's entries about the user, oldest first
const invitationAudit = async (companyId: number, userId: number) =>
  (
    await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.entityId, String(userId))))
      .orderBy(asc(auditLog.id))
  )
    .map((row) => row.action)
    .filter((action) => action.startsWith('user.invit'));

describe('invitations (issue 38 point 3)', () => {
  it('issue 38 point 3: invite -> mail -> the link shows the company -> a password is chosen -> the user signs in', async () => {
    const { company, token } = await adminOf();
    const email = newEmail();
    const invited = await invite(token, { name: 'Bia Lima', email, profile: 'user', allTicket: 'enabled' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ name: 'Bia Lima', email, profile: 'user', allTicket: 'enabled' });
    expect(invited.body.invitedAt).toEqual(expect.any(String));
    const listed = await t.request('GET', '/users', { token });
    expect(listed.body.users.find((user: { email: string }) => user.email === email)).toMatchObject({ invitedAt: expect.any(String) });

    const { mail, token: linkToken } = await invitationToken(email);
    expect(mail.subject).toMatch(new RegExp(`^Invitation to ${company.name} - `));
    expect(mail.text).toContain('Bia Lima');
    expect((await t.request('GET', `/auth/invitation?token=${encodeURIComponent(linkToken)}`)).body).toEqual({ companyName: company.name, name: 'Bia Lima', email });

    expect((await accept(linkToken, 'bia-secret-1', 'Beatriz Lima')).status).toBe(204);
    const session = await t.login(email, 'bia-secret-1');
    expect(session.user).toMatchObject({ name: 'Beatriz Lima', companyId: company.id, profile: 'user', invitedAt: null });
    expect(await invitationAudit(company.id, invited.body.id)).toEqual(['user.invite', 'user.invitationAccepted']);
  });

  it('issue 38 point 3: an invited user cannot sign in before accepting (answered as wrong credentials)', async () => {
    const { token } = await adminOf();
    const email = newEmail();
    await invite(token, { name: 'Caio Reis', email });
    await invitationToken(email);
    // the stored password is a random one: nothing typed matches, and the invited mark is checked too
    const refused = await t.request('POST', '/auth/login', { body: { email, password: TEST_PASSWORD } });
    expect(refused).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  it('issue 38 point 3: a used, a forged and an expired link are refused with ERR_INVALID_TOKEN', async () => {
    const { token } = await adminOf();
    const used = newEmail();
    await invite(token, { name: 'Dora Used', email: used });
    const { token: usedToken } = await invitationToken(used);
    expect((await accept(usedToken, 'first-password')).status).toBe(204);
    expect(await accept(usedToken, 'second-password')).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    expect(await t.request('GET', `/auth/invitation?token=${encodeURIComponent(usedToken)}`)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    await t.login(used, 'first-password');

    expect(await accept('forged-token-forged-token-forged-token-000', 'any-password')).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });

    const late = newEmail();
    await invite(token, { name: 'Eva Late', email: late });
    const { token: lateToken } = await invitationToken(late);
    clock.advance(INVITATION_TTL_DAYS * DAY_MS + 60_000);
    try {
      expect(await t.request('GET', `/auth/invitation?token=${encodeURIComponent(lateToken)}`)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
      expect(await accept(lateToken, 'late-password')).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    } finally {
      clock.set(new Date());
    }
  });

  it('issue 38 point 3: two accepts racing with one link set one password', async () => {
    const { token } = await adminOf();
    const email = newEmail();
    await invite(token, { name: 'Fabio Race', email });
    const { token: linkToken } = await invitationToken(email);
    const answers = await Promise.all([accept(linkToken, 'race-password-a'), accept(linkToken, 'race-password-b')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 400]);
  });

  it('issue 38 point 3: resending mails a new link and the old one stops working', async () => {
    const { token } = await adminOf();
    const email = newEmail();
    const invited = await invite(token, { name: 'Gil Resend', email });
    const { token: first } = await invitationToken(email);
    expect((await t.request('POST', `/users/${invited.body.id}/invitation`, { token })).status).toBe(204);
    const { token: second } = await invitationToken(email);
    expect(second).not.toBe(first);
    expect(await accept(first, 'old-link-password')).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    expect((await accept(second, 'new-link-password')).status).toBe(204);
    // accepted: there is no invitation left to resend
    expect(await t.request('POST', `/users/${invited.body.id}/invitation`, { token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
  });

  it("issue 38 point 3: another company's admin cannot resend an invitation, and an attendant cannot invite", async () => {
    const owner = await adminOf();
    const email = newEmail();
    const invited = await invite(owner.token, { name: 'Hana Other', email });
    await invitationToken(email);
    const stranger = await adminOf();
    expect(await t.request('POST', `/users/${invited.body.id}/invitation`, { token: stranger.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(receiver.receivedBy(email)).toHaveLength(1);

    const attendant = await createUser(t.db, owner.company.id, { profile: 'user' });
    const attendantToken = (await t.login(attendant.email, TEST_PASSWORD)).token;
    expect((await invite(attendantToken, { name: 'Not Allowed', email: newEmail() })).status).toBe(403);
  });

  it("issue 38 point 3: the plan's user limit applies to invitations as to POST /users, and a taken email is refused", async () => {
    const { company, token } = await adminOf({ maxUsers: 1 });
    expect(await invite(token, { name: 'Over Limit', email: newEmail() })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_USER_LIMIT' } });
    const roomy = await adminOf();
    const [existing] = await t.db.select({ email: users.email }).from(users).where(eq(users.companyId, company.id));
    expect(await invite(roomy.token, { name: 'Taken Email', email: existing.email })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
  });

  it('issue 38 point 3: the mail is written in the inviting admin\'s language', async () => {
    const { token } = await adminOf();
    const email = newEmail();
    await invite(token, { name: 'Ines Idioma', email }, 'pt-BR');
    const { mail } = await invitationToken(email);
    expect(mail.subject).toMatch(/^Convite para /);
  });
});

describe('invitations with email off (issue 38 point 3)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp();
  });
  afterAll(() => off?.close());

  it('issue 38 point 3: inviting answers ERR_EMAIL_DISABLED and adds nobody', async () => {
    const { company, admin } = await createCompany(off.db);
    const token = (await off.login(admin.email, TEST_PASSWORD)).token;
    const email = newEmail();
    expect(await off.request('POST', '/users/invite', { token, body: { name: 'No Mail', email } })).toMatchObject({ status: 503, body: { error: 'ERR_EMAIL_DISABLED' } });
    expect(await off.db.select().from(users).where(and(eq(users.companyId, company.id), eq(users.email, email)))).toHaveLength(0);
  });
});

describe('invitation links limited per address (issue 38 "Bad input")', () => {
  const LINK_LIMIT = 2;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimit: { ...loadConfig({ NODE_ENV: 'test' }).rateLimit, signupMaxPerIp: LINK_LIMIT } });
  });
  afterAll(() => limited?.close());

  it('issue 38 Bad input: forged invitation links are refused and counted, reading as accepting, until the address waits (429)', async () => {
    const forged = (index: number) => `forged-invitation-token-${index}-0000000000000000`;
    for (let index = 0; index < LINK_LIMIT; index++) {
      expect(await limited.request('GET', `/auth/invitation?token=${forged(index)}`)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
      expect(await limited.request('POST', '/auth/invitation/accept', { body: { token: forged(index), password: 'any-password' } })).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_TOKEN' } });
    }
    expect(await limited.request('GET', `/auth/invitation?token=${forged(LINK_LIMIT)}`)).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    expect(await limited.request('POST', '/auth/invitation/accept', { body: { token: forged(LINK_LIMIT), password: 'any-password' } })).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
  });
});
