// Issue 37 point 2: the super admin's view of every company's API keys does not depend on the plan
// of the super admin's own company: with useExternalApi off there, /api-keys is refused to them as
// to any admin of that company, while /api-keys/all still lists and revokes any company's keys.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '@atende/shared/constants';
import { companies, plans } from '../../src/db/schema.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const platformPlan = () => inArray(plans.id, t.db.select({ id: companies.planId }).from(companies).where(eq(companies.id, PLATFORM_COMPANY_ID)));

describe("the super admin's API keys view (issue 37 point 2)", () => {
  it("issue 37 point 2: lists and revokes any company's keys while the super admin's own plan has no useExternalApi", async () => {
    const a = await setupAttendance(t);
    const created = await t.request<{ id: number; key: string }>('POST', '/api-keys', { token: a.adminSession.token, body: { name: 'ERP', scopes: ['tickets:read'] } });
    expect(created.status).toBe(201);
    await t.db.update(plans).set({ useExternalApi: false }).where(platformPlan());
    try {
      const superSession = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
      expect((await t.request('GET', '/api-keys', { token: superSession.token })).status).toBe(403);
      const all = await t.request('GET', `/api-keys/all?companyId=${a.company.id}`, { token: superSession.token });
      expect(all.status).toBe(200);
      expect(all.body.apiKeys).toEqual([expect.objectContaining({ id: created.body.id, companyId: a.company.id, revoked: false })]);
      const revoked = await t.request('DELETE', `/api-keys/all/${created.body.id}`, { token: superSession.token });
      expect(revoked).toMatchObject({ status: 200, body: { revoked: true } });
    } finally {
      await t.db.update(plans).set({ useExternalApi: true }).where(platformPlan());
    }
  });
});
