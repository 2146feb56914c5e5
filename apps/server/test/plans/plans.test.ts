import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFlags } from '@atende/shared/plans';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterAll(() => t?.close());

describe('plans of the super admin (03-saas §2 Plans tab, §3 Plan, §7 plans calls)', () => {
  it('creates a plan with the form defaults, edits, lists and deletes it', async () => {
    const created = await t.request('POST', '/plans', { token: superToken, body: { name: 'Starter' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Starter', users: 0, connections: 0, queues: 0, amount: 0, value: 0, isPublic: true });
    for (const flag of planFlags) expect(created.body[flag]).toBe(true);
    const edited = await t.request('PUT', `/plans/${created.body.id}`, {
      token: superToken,
      body: { users: '5', connections: 2, queues: 3, amount: '49.90', isPublic: false, useKanban: false },
    });
    expect(edited.body).toMatchObject({ name: 'Starter', users: 5, connections: 2, queues: 3, amount: 49.9, isPublic: false, useKanban: false, useCampaigns: true });
    const all = await t.request('GET', '/plans/all', { token: superToken });
    expect(all.body.map((plan: { name: string }) => plan.name)).toContain('Starter');
    expect((await t.request('GET', `/plans/${created.body.id}`, { token: superToken })).body).toMatchObject({ users: 5 });
    expect((await t.request('DELETE', `/plans/${created.body.id}`, { token: superToken })).status).toBe(204);
    expect((await t.request('GET', `/plans/${created.body.id}`, { token: superToken })).status).toBe(404);
  });

  it('GET /plans/list answers the public plans to anyone, for the sign-up page', async () => {
    await t.request('POST', '/plans', { token: superToken, body: { name: 'Shown plan', isPublic: true } });
    await t.request('POST', '/plans', { token: superToken, body: { name: 'Hidden plan', isPublic: false } });
    const listed = await t.request('GET', '/plans/list');
    expect(listed.status).toBe(200);
    const names = listed.body.map((plan: { name: string }) => plan.name);
    expect(names).toContain('Shown plan');
    expect(names).not.toContain('Hidden plan');
  });

  it('refuses to delete a plan some company uses (409 ERR_PLAN_IN_USE), a duplicate name and bad input', async () => {
    const { plan } = await createCompany(t.db);
    const refused = await t.request('DELETE', `/plans/${plan.id}`, { token: superToken });
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_IN_USE' } });
    expect((await t.request('GET', `/plans/${plan.id}`, { token: superToken })).status).toBe(200);
    const duplicate = await t.request('POST', '/plans', { token: superToken, body: { name: plan.name } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.fields[0]).toMatchObject({ path: 'body.name', message: 'validation.duplicated' });
    expect((await t.request('POST', '/plans', { token: superToken, body: { name: 'Negative', users: -1 } })).status).toBe(400);
    expect((await t.request('POST', '/plans', { token: superToken, body: { users: 1 } })).status).toBe(400);
    expect((await t.request('PUT', '/plans/999999', { token: superToken, body: { users: 1 } })).status).toBe(404);
  });

  it('a company admin calling the plans super routes gets 403 and nothing changes (03-saas §6)', async () => {
    const { plan, admin } = await createCompany(t.db);
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    const before = (await t.request('GET', '/plans/all', { token: superToken })).body;
    for (const [method, path, body] of [
      ['GET', '/plans/all'],
      ['GET', `/plans/${plan.id}`],
      ['POST', '/plans', { name: 'Sneaky' }],
      ['PUT', `/plans/${plan.id}`, { users: 999 }],
      ['DELETE', `/plans/${plan.id}`],
    ] as [string, string, unknown?][]) {
      expect((await t.request(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await t.request('GET', '/plans/all', { token: superToken })).body).toEqual(before);
  });

  it("GET /companies/listPlan/{companyId} answers the company's plan flags and limits", async () => {
    const { company, admin } = await createCompany(t.db, { planFlags: { useKanban: false } });
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    const answer = await t.request('GET', `/companies/listPlan/${company.id}`, { token });
    expect(answer.body.plan).toMatchObject({ useKanban: false, useCampaigns: true, users: 10 });
  });
});

describe('plan limits counted on create (03-saas §1, §3 Plan)', () => {
  it('users, queues and connections stop at the plan limit with a clear error code', async () => {
    const { company, plan, admin } = await createCompany(t.db);
    await t.request('PUT', `/plans/${plan.id}`, { token: superToken, body: { users: 2, queues: 1, connections: 1 } });
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    await createUser(t.db, company.id);
    const user = await t.request('POST', '/users', { token, body: { name: 'One too many', email: `extra-${Date.now()}@limit.test`, password: 'secret-1' } });
    expect(user).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_USER_LIMIT' } });
    await createQueue(t.db, company.id);
    const queue = await t.request('POST', '/queue', { token, body: { name: 'Second queue', color: '#123456' } });
    expect(queue).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_QUEUE_LIMIT' } });
    expect((await t.request('POST', '/whatsapp', { token, body: { name: 'First', channel: 'sandbox' } })).status).toBe(201);
    const connection = await t.request('POST', '/whatsapp', { token, body: { name: 'Second', channel: 'sandbox' } });
    expect(connection).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_CONNECTION_LIMIT' } });
  });
});
