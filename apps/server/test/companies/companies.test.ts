import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecurrence } from '@atende/shared/recurrence';
import { companies, jobs, users } from '../../src/db/schema.ts';
import { FOLDER_STATS_EVERY_MS, folderStatsJob } from '../../src/modules/companies/companies.jobs.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { createCompany, createQueue, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superToken: string;
let planId: number;
const clock = manualClock('2030-01-01T12:00:00Z');
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
  planId = (await t.request('POST', '/plans', { token: superToken, body: { name: 'Companies test plan', users: 3, connections: 2, queues: 2, amount: 99.9 } })).body.id;
});
afterAll(() => t?.close());

let sequence = 0;
const companyBody = (values: Record<string, unknown> = {}) => ({
  name: `Acme ${++sequence}`,
  email: `owner-${sequence}-${Date.now()}@acme.test`,
  password: 'first-pass',
  phone: '5511999990000',
  planId,
  document: '12.345.678/0001-00',
  dueDate: '2030-01-31',
  recurrence: 'MENSAL',
  ...values,
});

describe('companies of the super admin (03-saas §2 Companies screen, §7 companies calls)', () => {
  it('creates a company whose first admin signs in with the form email and password, with default settings and service hours', async () => {
    const body = companyBody();
    const created = await t.request('POST', '/companies', { token: superToken, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: body.name, email: body.email, planId, status: true, dueDate: '2030-01-31', recurrence: 'MENSAL', folderSize: 0 });
    expect(created.body.plan).toMatchObject({ id: planId, amount: 99.9 });
    expect(created.body).not.toHaveProperty('password');
    const session = await t.login(body.email, body.password);
    expect(session.user).toMatchObject({ profile: 'admin', companyId: created.body.id });
    expect(session.user.super).toBe(false);
    const own = await t.request('GET', `/companies/${created.body.id}`, { token: session.token });
    expect(own.body.schedules).toHaveLength(7);
    const settings = await t.request('GET', `/companySettings/${created.body.id}`, { token: session.token });
    expect(settings.body).toMatchObject({ userRating: 'disabled', scheduleType: 'disabled' });
  });

  it("names the first admin as the form asks and, without a due date, makes the company due one period of its recurrence from today (issue 35 point 9)", async () => {
    const { dueDate: _none, ...body } = companyBody({ name: 'Loja Aurora', adminName: 'Ana Souza', recurrence: 'TRIMESTRAL' });
    const created = await t.request('POST', '/companies', { token: superToken, body });
    expect(created).toMatchObject({ status: 201, body: { name: 'Loja Aurora', dueDate: '2030-04-01' } });
    expect((await t.login(body.email as string, body.password as string)).user).toMatchObject({ name: 'Ana Souza', companyId: created.body.id });
    const tooShort = await t.request('POST', '/companies', { token: superToken, body: companyBody({ adminName: 'A' }) });
    expect(tooShort).toMatchObject({ status: 400, body: { fields: [{ path: 'body.adminName', message: 'validation.tooShort' }] } });
  });

  it('lists every company, the options list, and pages with a search (GET /companies, /companies/list, /companiesPlan)', async () => {
    const marker = `Zebra${Date.now()}`;
    for (let index = 0; index < 22; index++) await t.request('POST', '/companies', { token: superToken, body: companyBody({ name: `${marker} ${index}` }) });
    const all = await t.request('GET', '/companies', { token: superToken });
    expect(all.body.length).toBeGreaterThan(22);
    expect(all.body[0]).toMatchObject({ id: 1, dueDate: '2999-12-31' });
    const options = await t.request('GET', '/companies/list', { token: superToken });
    expect(Object.keys(options.body[0]).sort()).toEqual(['id', 'name']);
    const first = await t.request('GET', `/companiesPlan/?searchParam=${marker}&pageNumber=1`, { token: superToken });
    expect(first.body.companies).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await t.request('GET', `/companiesPlan/?searchParam=${marker}&pageNumber=2`, { token: superToken });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.companies).toHaveLength(2);
    expect(second.body.companies[0]).toHaveProperty('plan.name', 'Companies test plan');
    // 22 companies, each with an argon2-hashed admin password
  }, 120_000);

  it('edits a company and renews it by its recurrence (PUT /companies/{id}); company 1 never expires', async () => {
    const created = (await t.request('POST', '/companies', { token: superToken, body: companyBody({ recurrence: 'TRIMESTRAL', dueDate: '2030-11-30' }) })).body;
    const renewed = await t.request('PUT', `/companies/${created.id}`, { token: superToken, body: { dueDate: addRecurrence(created.dueDate, created.recurrence) } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.dueDate).toBe('2031-02-28');
    const edited = await t.request('PUT', `/companies/${created.id}`, { token: superToken, body: { name: 'Renamed Co', status: false } });
    expect(edited.body).toMatchObject({ name: 'Renamed Co', status: false, dueDate: '2031-02-28' });
    const platform = await t.request('PUT', '/companies/1', { token: superToken, body: { dueDate: '2020-01-01', status: false } });
    expect(platform.body).toMatchObject({ dueDate: '2999-12-31', status: true });
  });

  it('deletes a company with all its rows and its upload folder; company 1 cannot be deleted (DELETE /companies/{id})', async () => {
    const created = (await t.request('POST', '/companies', { token: superToken, body: companyBody() })).body;
    await createQueue(t.db, created.id);
    const folder = join(t.config.publicDir, `company${created.id}`, 'users');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.jpg'), Buffer.alloc(10));
    expect((await t.request('DELETE', `/companies/${created.id}`, { token: superToken })).status).toBe(204);
    expect(await t.db.select().from(companies).where(eq(companies.id, created.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.companyId, created.id))).toEqual([]);
    expect(existsSync(join(t.config.publicDir, `company${created.id}`))).toBe(false);
    expect((await t.request('DELETE', `/companies/${created.id}`, { token: superToken })).status).toBe(404);
    const protectedAnswer = await t.request('DELETE', '/companies/1', { token: superToken });
    expect(protectedAnswer).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_PROTECTED' } });
  });

  it('keeps folder size, file count and last folder update current through the folder-stats job', async () => {
    const created = (await t.request('POST', '/companies', { token: superToken, body: companyBody() })).body;
    const statsJobs = () => t.db.select().from(jobs).where(and(eq(jobs.companyId, created.id), eq(jobs.kind, folderStatsJob.name), eq(jobs.state, 'waiting')));
    // the first run, queued with the company, measured the empty folder and queued the next one an interval later
    await expect.poll(async () => (await statsJobs()).map((job) => job.runAt?.getTime()), { timeout: 15_000 }).toEqual([clock.now().getTime() + FOLDER_STATS_EVERY_MS]);
    const folder = join(t.config.publicDir, `company${created.id}`, 'media');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'one.bin'), Buffer.alloc(1000));
    writeFileSync(join(folder, 'two.bin'), Buffer.alloc(24));
    clock.advance(FOLDER_STATS_EVERY_MS);
    await t.app.jobs.runDue();
    expect((await t.request('GET', `/companies/${created.id}`, { token: superToken })).body).toMatchObject({ folderSize: 1024, numberFileFolder: 2 });
    const shown = (await t.request('GET', `/companies/${created.id}`, { token: superToken })).body;
    expect(shown.updatedAtFolder).not.toBeNull();
    expect(await statsJobs()).toHaveLength(1);
  });

  it('refuses bad input (400), an email in use (409) and an unknown plan, creating nothing', async () => {
    const before = (await t.request('GET', '/companies', { token: superToken })).body.length;
    const short = await t.request('POST', '/companies', { token: superToken, body: companyBody({ name: 'A' }) });
    expect(short.status).toBe(400);
    expect(short.body.fields[0]).toMatchObject({ path: 'body.name', message: 'validation.tooShort' });
    expect((await t.request('POST', '/companies', { token: superToken, body: companyBody({ email: 'nope' }) })).status).toBe(400);
    expect((await t.request('POST', '/companies', { token: superToken, body: companyBody({ recurrence: 'WEEKLY' }) })).status).toBe(400);
    expect((await t.request('POST', '/companies', { token: superToken, body: companyBody({ planId: 999999 }) })).status).toBe(400);
    const taken = await t.request('POST', '/companies', { token: superToken, body: companyBody({ email: SUPER_EMAIL }) });
    expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });
    expect((await t.request('GET', '/companies', { token: superToken })).body.length).toBe(before);
  });

  it('a company admin calling any companies super route gets 403 and nothing changes (03-saas §6)', async () => {
    const { company, admin } = await createCompany(t.db);
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    const before = (await t.request('GET', '/companies', { token: superToken })).body;
    const calls: [string, string, unknown?][] = [
      ['GET', '/companies'],
      ['GET', '/companies/list'],
      ['GET', '/companiesPlan/?pageNumber=1'],
      ['POST', '/companies', companyBody()],
      ['PUT', `/companies/${company.id}`, { dueDate: '2999-01-01' }],
      ['DELETE', `/companies/${company.id}`],
      ['DELETE', '/companies/1'],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await t.request('GET', '/companies', { token: superToken })).body).toEqual(before);
  });
});
