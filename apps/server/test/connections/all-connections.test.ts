import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../../src/db/schema.ts';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('all companies\' connections (02-operations §2 /allConnections, §7 GET /whatsapp/all/)', () => {
  it('answers per company connected, disconnected and total, its connections, and the totals', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    await t.db.insert(connections).values([
      { companyId: a.company.id, name: 'A one', channel: 'sandbox', status: 'CONNECTED' },
      { companyId: a.company.id, name: 'A two', channel: 'sandbox', status: 'DISCONNECTED' },
      { companyId: a.company.id, name: 'A three', channel: 'sandbox', status: 'qrcode' },
    ]);
    const superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
    const answer = await t.request('GET', '/whatsapp/all/?session=0', { token: superToken });
    expect(answer.status).toBe(200);
    const rowOf = (id: number) => answer.body.companies.find((row: { id: number }) => row.id === id);
    expect(rowOf(a.company.id)).toMatchObject({ name: a.company.name, connected: 1, disconnected: 2, total: 3 });
    expect(rowOf(a.company.id).whatsapps.map((w: { name: string }) => w.name)).toEqual(['A one', 'A three', 'A two']);
    expect(rowOf(b.company.id)).toMatchObject({ connected: 0, disconnected: 0, total: 0, whatsapps: [] });
    const sum = answer.body.companies.reduce((total: number, row: { total: number }) => total + row.total, 0);
    expect(answer.body.totals.total).toBe(sum);
    expect(answer.body.totals.connected + answer.body.totals.disconnected).toBe(sum);
  });

  it('a company admin gets 403 (03-saas §6)', async () => {
    const { admin } = await createCompany(t.db);
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    expect((await t.request('GET', '/whatsapp/all/?session=0', { token })).status).toBe(403);
  });
});
