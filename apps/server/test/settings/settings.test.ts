import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('company settings (03-saas §3 Company settings keys, §7)', () => {
  it('answers every key with its default, saves one change and reads it back', async () => {
    const { company, admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const initial = await t.request('GET', `/companySettings/${company.id}`, { token: session.token });
    expect(initial.body).toMatchObject({
      companyId: company.id,
      userRating: 'disabled',
      scheduleType: 'disabled',
      acceptCallWhatsapp: 'enabled',
      greetingAcceptedMessage: '',
    });
    const saved = await t.request('PUT', '/companySettings', {
      token: session.token,
      body: { column: 'scheduleType', data: 'company' },
    });
    expect(saved.body.scheduleType).toBe('company');
    const one = await t.request('GET', '/companySettingOne?column=scheduleType', { token: session.token });
    expect(one.body).toEqual({ scheduleType: 'company' });
    const text = await t.request('PUT', '/companySettings', {
      token: session.token,
      body: { column: 'greetingAcceptedMessage', data: 'Olá {{name}}' },
    });
    expect(text.body.greetingAcceptedMessage).toBe('Olá {{name}}');
  });

  it('refuses unknown keys and values outside a key’s choices, changing nothing', async () => {
    const { company, admin } = await createCompany(t.db);
    const session = await t.login(admin.email, TEST_PASSWORD);
    const badValue = await t.request('PUT', '/companySettings', { token: session.token, body: { column: 'userRating', data: 'maybe' } });
    expect(badValue).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const badKey = await t.request('PUT', '/companySettings', { token: session.token, body: { column: 'nope', data: 'enabled' } });
    expect(badKey.status).toBe(400);
    const after = await t.request('GET', `/companySettings/${company.id}`, { token: session.token });
    expect(after.body.userRating).toBe('disabled');
  });

  it('a profile user reads but cannot change company settings (03-saas §6)', async () => {
    const { company } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    const session = await t.login(user.email, TEST_PASSWORD);
    expect((await t.request('GET', `/companySettings/${company.id}`, { token: session.token })).status).toBe(200);
    const put = await t.request('PUT', '/companySettings', { token: session.token, body: { column: 'userRating', data: 'enabled' } });
    expect(put).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('global settings and version (03-saas §3 Global settings, §7)', () => {
  it('lists and changes global settings for the super user only', async () => {
    const superSession = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    const list = await t.request('GET', '/settings', { token: superSession.token });
    expect(list.body).toEqual(
      expect.arrayContaining([
        { key: 'userCreation', value: 'disabled' },
        { key: 'primaryColorLight', value: '#065183' },
      ]),
    );
    const { admin } = await createCompany(t.db);
    const adminSession = await t.login(admin.email, TEST_PASSWORD);
    expect((await t.request('GET', '/settings', { token: adminSession.token })).status).toBe(403);
    expect((await t.request('PUT', '/settings/appName', { token: adminSession.token, body: { value: 'Hijack' } })).status).toBe(403);

    const changed = await t.request('PUT', '/settings/appName', { token: superSession.token, body: { value: 'Atende' } });
    expect(changed.body).toEqual({ key: 'appName', value: 'Atende' });
    const badColour = await t.request('PUT', '/settings/primaryColorDark', { token: superSession.token, body: { value: 'red;}' } });
    expect(badColour.status).toBe(400);
    expect(await t.request('GET', '/setting/appName', { token: adminSession.token })).toMatchObject({
      status: 200,
      body: { key: 'appName', value: 'Atende' },
    });
  });

  it('public settings answer without a token for branding keys only', async () => {
    expect(await t.request('GET', '/public-settings/userCreation')).toMatchObject({ status: 200, body: { value: 'disabled' } });
    expect((await t.request('GET', '/public-settings/frontendVersion')).status).toBe(400);
    expect((await t.request('GET', '/public-settings/..%2Fsecrets')).status).toBe(400);
  });

  it('GET /version answers the recorded front-end version; POST records it (01-core §4 Other)', async () => {
    const session = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    expect((await t.request('POST', '/version', { body: { version: '2.0.4-v3' } })).status).toBe(401);
    expect((await t.request('POST', '/version', { token: session.token, body: { version: '2.0.4-v3' } })).body).toEqual({ version: '2.0.4-v3' });
    expect((await t.request('GET', '/version')).body).toEqual({ version: '2.0.4-v3' });
  });

  it("only the super admin sets the front-end version every company reads; a company's admin or user gets 403 (issue 12, 01-core §4 Other)", async () => {
    const superSession = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
    await t.request('POST', '/version', { token: superSession.token, body: { version: '2.0.4-v3' } });
    const { company, admin } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    for (const email of [admin.email, user.email]) {
      const { token } = await t.login(email, TEST_PASSWORD);
      expect(await t.request('POST', '/version', { token, body: { version: '9.9.9-hijacked' } }), email).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    expect((await t.request('GET', '/version')).body).toEqual({ version: '2.0.4-v3' });
  });

  it('GET /companies/listPlan/{id} answers the plan flags of the own company', async () => {
    const { company, admin } = await createCompany(t.db, { planFlags: { useKanban: false } });
    const session = await t.login(admin.email, TEST_PASSWORD);
    const plan = await t.request('GET', `/companies/listPlan/${company.id}`, { token: session.token });
    expect(plan.body.plan).toMatchObject({ useKanban: false, useCampaigns: true });
  });
});
