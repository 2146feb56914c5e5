import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superToken: string;
let publicPlanId: number;
let hiddenPlanId: number;
// above the calls of the tests before the flood, which comes last
const SIGNUP_LIMIT = 15;
beforeAll(async () => {
  t = await startTestApp(
    { signupTrialDays: 3, rateLimit: { windowSeconds: 60, maxPerIp: 1000, refreshMaxPerIp: 1000, messagesApiMaxPerToken: 1000, signupMaxPerIp: SIGNUP_LIMIT, apiKeyMax: 1000 } },
    { clock: manualClock('2031-05-10T09:00:00Z') },
  );
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
  publicPlanId = (await t.request('POST', '/plans', { token: superToken, body: { name: 'Public signup plan', users: 2 } })).body.id;
  hiddenPlanId = (await t.request('POST', '/plans', { token: superToken, body: { name: 'Hidden signup plan', isPublic: false } })).body.id;
});
afterAll(() => t?.close());

const setUserCreation = (value: 'enabled' | 'disabled') => t.request('PUT', '/settings/userCreation', { token: superToken, body: { value } });

const signupBody = (values: Record<string, unknown> = {}) => ({
  name: 'Maria Souza',
  companyName: 'Loja da Maria',
  email: `maria-${Math.random().toString(36).slice(2)}@loja.test`,
  password: 'maria-1',
  phone: '11987654321',
  planId: publicPlanId,
  ...values,
});

const companyCount = async () => (await t.db.select({ id: companies.id }).from(companies)).length;

describe('public sign-up (03-saas §2 Sign-up page, §5, §7 POST /auth/signup)', () => {
  it('is refused with ERR_USER_CREATION_DISABLED while userCreation is disabled, creating nothing', async () => {
    await setUserCreation('disabled');
    const before = await companyCount();
    const refused = await t.request('POST', '/auth/signup', { body: signupBody() });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
    expect(await companyCount()).toBe(before);
  });

  it('creates the company and its admin with a trial due date; the admin signs in', async () => {
    await setUserCreation('enabled');
    const body = signupBody();
    const created = await t.request('POST', '/auth/signup', { body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ dueDate: '2031-05-13' });
    const [company] = await t.db.select().from(companies).where(eq(companies.id, created.body.companyId));
    expect(company).toMatchObject({ name: 'Loja da Maria', email: body.email, phone: '11987654321', planId: publicPlanId, dueDate: '2031-05-13', recurrence: 'MENSAL' });
    const session = await t.login(body.email, body.password);
    expect(session.user).toMatchObject({ name: 'Maria Souza', profile: 'admin', companyId: company.id, super: false });
  });

  it("the super admin's trial length sets the due date; until saved, GET /settings answers the server's (issue 35 point 6)", async () => {
    await setUserCreation('enabled');
    const settings = (await t.request('GET', '/settings', { token: superToken })).body as { key: string; value: string }[];
    expect(settings.find((row) => row.key === 'signupTrialDays')).toEqual({ key: 'signupTrialDays', value: '3' });
    expect((await t.request('PUT', '/settings/signupTrialDays', { token: superToken, body: { value: 'três' } })).status).toBe(400);
    expect((await t.request('PUT', '/settings/signupTrialDays', { token: superToken, body: { value: '14' } })).body).toEqual({ key: 'signupTrialDays', value: '14' });
    const created = await t.request('POST', '/auth/signup', { body: signupBody() });
    expect(created).toMatchObject({ status: 201, body: { dueDate: '2031-05-24' } });
    const adminBody = signupBody();
    await t.request('POST', '/auth/signup', { body: adminBody });
    const admin = await t.login(adminBody.email, adminBody.password);
    expect((await t.request('PUT', '/settings/signupTrialDays', { token: admin.token, body: { value: '90' } })).status).toBe(403);
    await t.request('PUT', '/settings/signupTrialDays', { token: superToken, body: { value: '3' } });
  });

  it('an email already used is a clear error and nothing is created', async () => {
    await setUserCreation('enabled');
    const before = await companyCount();
    const taken = await t.request('POST', '/auth/signup', { body: signupBody({ email: SUPER_EMAIL }) });
    expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
    expect(await companyCount()).toBe(before);
  });

  it('checks the §5 rules and takes only a public plan', async () => {
    await setUserCreation('enabled');
    const before = await companyCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'M' }, 'body.name', 'validation.tooShort'],
      [{ companyName: 'x'.repeat(51) }, 'body.companyName', 'validation.tooLong'],
      [{ password: '1234' }, 'body.password', 'validation.tooShort'],
      [{ email: 'not-an-email' }, 'body.email', 'validation.invalidEmail'],
      [{ phone: '' }, 'body.phone', 'validation.required'],
      [{ planId: hiddenPlanId }, 'body.planId', 'validation.invalidChoice'],
    ];
    for (const [values, path, message] of cases) {
      const answer = await t.request('POST', '/auth/signup', { body: signupBody(values) });
      expect(answer.status, path).toBe(400);
      expect(answer.body.fields[0]).toMatchObject({ path, message });
    }
    expect(await companyCount()).toBe(before);
  });

  it('a sign-up flood from one address is rate-limited (429)', async () => {
    await setUserCreation('disabled');
    const statuses: number[] = [];
    for (let index = 0; index < SIGNUP_LIMIT + 2; index++) statuses.push((await t.request('POST', '/auth/signup', { body: signupBody() })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
