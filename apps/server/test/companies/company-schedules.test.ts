import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('company service hours (03-saas §2 Settings page schedules tab, §7 PUT /companies/{id}/schedules)', () => {
  it('an admin reads its company with the default hours, saves new ones and reads them back', async () => {
    const { company, admin } = await createCompany(t.db);
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const read = await t.request('GET', `/companies/${company.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body.schedules).toHaveLength(7);
    expect(read.body.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' });
    const changed = read.body.schedules.map((day: { weekdayEn: string }) => (day.weekdayEn === 'saturday' ? { ...day, startTimeB: '', endTimeB: '' } : day));
    const saved = await t.request('PUT', `/companies/${company.id}/schedules`, { token, body: { schedules: changed } });
    expect(saved.status).toBe(200);
    expect((await t.request('GET', `/companies/${company.id}`, { token })).body.schedules.find((day: { weekdayEn: string }) => day.weekdayEn === 'saturday')).toMatchObject({
      startTimeB: '',
      endTimeB: '',
    });
  });

  it("another company's hours are not found; a profile user cannot save; a bad time changes nothing", async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const bToken = (await t.login(b.admin.email, TEST_PASSWORD)).token;
    expect((await t.request('GET', `/companies/${a.company.id}`, { token: bToken })).status).toBe(404);
    const aToken = (await t.login(a.admin.email, TEST_PASSWORD)).token;
    const before = (await t.request('GET', `/companies/${a.company.id}`, { token: aToken })).body.schedules;
    expect((await t.request('PUT', `/companies/${a.company.id}/schedules`, { token: bToken, body: { schedules: before } })).status).toBe(404);
    const plain = await createUser(t.db, a.company.id);
    const plainToken = (await t.login(plain.email, TEST_PASSWORD)).token;
    expect((await t.request('PUT', `/companies/${a.company.id}/schedules`, { token: plainToken, body: { schedules: before } })).status).toBe(403);
    const broken = before.map((day: object, index: number) => (index === 0 ? { ...day, startTimeA: '25:99' } : day));
    expect((await t.request('PUT', `/companies/${a.company.id}/schedules`, { token: aToken, body: { schedules: broken } })).status).toBe(400);
    expect((await t.request('GET', `/companies/${a.company.id}`, { token: aToken })).body.schedules).toEqual(before);
  });
});
