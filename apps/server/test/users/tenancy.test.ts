import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe("another company's records answer as not found (01-core §6, ARCHITECTURE §4 Tenancy)", () => {
  it("company B's admin can neither read nor change nor delete company A's users", async () => {
    const a = await createCompany(t.db);
    const aUser = await createUser(t.db, a.company.id, { name: 'Alice of A' });
    const b = await createCompany(t.db);
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);

    const list = await t.request('GET', '/users?searchParam=Alice', { token: bSession.token });
    expect(list.body).toMatchObject({ count: 0, users: [] });
    const all = await t.request('GET', '/users/list', { token: bSession.token });
    expect(JSON.stringify(all.body)).not.toContain('Alice of A');

    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/users/${aUser.id}`],
      ['PUT', `/users/${aUser.id}`, { name: 'Stolen', email: aUser.email }],
      ['DELETE', `/users/${aUser.id}`],
      ['PUT', `/users/toggleChangeWidht/${aUser.id}`, { defaultTicketsManagerWidth: 500 }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await t.request(method, path, { token: bSession.token, body });
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Alice');
    }
    const aSession = await t.login(a.admin.email, TEST_PASSWORD);
    const unchanged = await t.request('GET', `/users/${aUser.id}`, { token: aSession.token });
    expect(unchanged.body).toMatchObject({ name: 'Alice of A', defaultTicketsManagerWidth: 550 });
  });

  it("company settings, plan flags and queues of another company are not found or not listed", async () => {
    const a = await createCompany(t.db);
    await createQueue(t.db, a.company.id, 'Queue of A');
    const b = await createCompany(t.db);
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);
    expect((await t.request('GET', `/companySettings/${a.company.id}`, { token: bSession.token })).status).toBe(404);
    expect((await t.request('GET', `/companies/listPlan/${a.company.id}`, { token: bSession.token })).status).toBe(404);
    const queues = await t.request('GET', '/queue', { token: bSession.token });
    expect(queues.body).toEqual([]);
  });

  it('a tenant id in the body or query never changes the tenant', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);
    const answer = await t.request('POST', '/users', {
      token: bSession.token,
      body: { name: 'Sneaky', email: 'sneaky@example.test', password: 'secret-1', companyId: a.company.id },
    });
    // the unknown field is ignored (issue 13): the user is created in the caller's company
    expect(answer.status).toBe(201);
    expect(answer.body.companyId).toBe(b.company.id);
    const aUsers = await t.request('GET', '/users/list', { token: (await t.login(a.admin.email, TEST_PASSWORD)).token });
    expect(aUsers.body.map((user: { email: string }) => user.email)).not.toContain('sneaky@example.test');
    const list = await t.request('GET', `/users/list?companyId=${a.company.id}`, { token: bSession.token });
    expect(list.body.every((user: { companyId: number }) => user.companyId === b.company.id)).toBe(true);
  });
});
