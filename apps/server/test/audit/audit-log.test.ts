// Issue 38 point 6: reading the audit log. A company's admins read their company's entries with
// filters and an xlsx export, the super admin reads every company's, nobody else reads it, nothing
// edits or deletes an entry, and the daily prune removes only the entries past the retention.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_FILE_NAME, AUDIT_PAGE_SIZE, type AuditPage } from '@atende/shared/audit';
import { auditLog, jobs } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { scheduleAuditPrune } from '../../src/modules/audit/audit-prune.jobs.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const DAY_MS = 24 * 3600 * 1000;
const clock = manualClock(new Date());
let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ auditLogRetentionDays: 365 }, { clock });
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterAll(() => t?.close());

const adminOf = async () => {
  const tenant = await createCompany(t.db);
  const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, token };
};

const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);

// entries written as the recording would, at chosen moments
const insertEntries = (companyId: number | null, rows: { action: string; entityType?: string; entityId?: string; actorUserId?: number; createdAt?: Date }[]) =>
  t.db.insert(auditLog).values(rows.map((row) => ({ companyId, actorLabel: 'Seeded <seed@audit.test>', ...row }))).returning({ id: auditLog.id });

const page = (token: string, query = '', path = '/audit-log') => t.request<AuditPage>('GET', `${path}${query ? `?${query}` : ''}`, { token });

describe('reading the audit log (issue 38 point 6)', () => {
  it("issue 38 point 6: an admin reads only their company's entries; an attendant and an API key are refused; the super admin reads every company's", async () => {
    const a = await adminOf();
    const b = await adminOf();
    await insertEntries(a.company.id, [{ action: 'queue.create', entityType: 'queue', entityId: '1' }]);
    await insertEntries(b.company.id, [{ action: 'queue.delete', entityType: 'queue', entityId: '2' }]);
    await insertEntries(null, [{ action: 'plan.update', entityType: 'plan', entityId: '3' }]);

    const ofA = await page(a.token);
    expect(ofA.status).toBe(200);
    expect(ofA.body.entries.length).toBeGreaterThan(0);
    expect(new Set(ofA.body.entries.map((entry) => entry.companyId))).toEqual(new Set([a.company.id]));
    // another company's id in the filters finds nothing of it
    expect((await page(a.token, `companyId=${b.company.id}&action=queue.delete`)).body.entries).toEqual([]);

    const attendant = await createUser(t.db, a.company.id, { profile: 'user' });
    const attendantToken = (await t.login(attendant.email, TEST_PASSWORD)).token;
    expect((await page(attendantToken)).status).toBe(403);
    expect((await t.request('GET', '/audit-log/export', { token: attendantToken })).status).toBe(403);
    expect((await page(a.token, '', '/all-audit-log')).status).toBe(403);

    const key = await t.request<{ key: string }>('POST', '/api-keys', { token: a.token, body: { name: 'Reader', scopes: ['tickets:write', 'reports:write'] } });
    expect((await page(key.body.key)).status).toBe(403);

    const all = await page(superToken, 'entityType=queue', '/all-audit-log');
    const companies = new Set(all.body.entries.map((entry) => entry.companyId));
    expect(companies.has(a.company.id) && companies.has(b.company.id)).toBe(true);
    const ofB = await page(superToken, `companyId=${b.company.id}`, '/all-audit-log');
    expect(ofB.body.entries.map((entry) => [entry.companyId, entry.companyName])).toContainEqual([b.company.id, b.company.name]);
    expect(new Set(ofB.body.entries.map((entry) => entry.companyId))).toEqual(new Set([b.company.id]));
    expect((await page(superToken, 'action=plan.update&entityId=3', '/all-audit-log')).body.entries).toMatchObject([{ companyId: null, companyName: null }]);
  });

  it('issue 38 point 6: no route edits or deletes an entry: the log has GET routes only', () => {
    const auditRoutes = t.app.routeTable.filter((route) => route.url.includes('audit-log'));
    expect(auditRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /all-audit-log',
      'GET /all-audit-log/export',
      'GET /audit-log',
      'GET /audit-log/export',
    ]);
  });

  it('issue 38 point 6: filters by days, action, entity type, actor and entity id, newest first, a page at a time', async () => {
    const a = await adminOf();
    const other = await createUser(t.db, a.company.id);
    await insertEntries(a.company.id, [
      { action: 'queue.update', entityType: 'queue', entityId: '10', createdAt: new Date('2025-03-01T10:00:00Z') },
      { action: 'queue.update', entityType: 'queue', entityId: '11', actorUserId: other.id, createdAt: new Date('2025-03-02T23:59:00Z') },
      { action: 'user.update', entityType: 'user', entityId: '12', createdAt: new Date('2025-03-03T00:00:00Z') },
    ]);
    const ids = async (query: string) => (await page(a.token, query)).body.entries.map((entry) => entry.entityId);

    expect(await ids('dateFrom=2025-03-01&dateTo=2025-03-02')).toEqual(['11', '10']);
    expect(await ids('dateFrom=2025-03-03&dateTo=2025-03-03')).toEqual(['12']);
    expect(await ids('dateTo=2025-03-31&action=queue.update')).toEqual(['11', '10']);
    expect(await ids('dateTo=2025-03-31&entityType=user')).toEqual(['12']);
    expect(await ids(`actorUserId=${other.id}`)).toEqual(['11']);
    expect(await ids('entityId=10')).toEqual(['10']);
    expect((await page(a.token, 'action=queue.hijack')).status).toBe(400);
    expect((await page(a.token, 'dateFrom=2025-13-45')).status).toBe(400);

    await insertEntries(a.company.id, Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => ({ action: 'setting.update', entityType: 'setting', entityId: `k${index}` })));
    const first = await page(a.token, 'action=setting.update');
    expect(first.body.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.body.nextBefore).not.toBeNull();
    const second = await page(a.token, `action=setting.update&before=${first.body.nextBefore}`);
    expect(second.body.entries).toHaveLength(5);
    expect(second.body.nextBefore).toBeNull();
    const seen = [...first.body.entries, ...second.body.entries].map((entry) => entry.id);
    expect(seen).toEqual([...seen].sort((x, y) => y - x));
    expect(new Set(seen).size).toBe(AUDIT_PAGE_SIZE + 5);
  });

  it('issue 38 point 6: the export is an xlsx with the filtered rows, newest first, in the asking language', async () => {
    const a = await adminOf();
    await insertEntries(a.company.id, [
      { action: 'queue.create', entityType: 'queue', entityId: '21' },
      { action: 'queue.update', entityType: 'queue', entityId: '21' },
      { action: 'user.delete', entityType: 'user', entityId: '22' },
    ]);
    const response = await fetch(`${t.url}/audit-log/export?entityType=queue`, { headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(AUDIT_EXPORT_FILE_NAME);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Date', 'Company', 'Actor', 'Address', 'Browser', 'Action', 'Entity', 'ID', 'Before', 'After']);
    expect(rows.slice(1).map((row) => [row[1], row[5], row[7]])).toEqual([
      [a.company.name, 'queue.update', '21'],
      [a.company.name, 'queue.create', '21'],
    ]);

    // the super admin's export of one company
    const all = await fetch(`${t.url}/all-audit-log/export?companyId=${a.company.id}&action=user.delete`, { headers: { authorization: `Bearer ${superToken}` } });
    const superBook = new ExcelJS.Workbook();
    await superBook.xlsx.load(await all.arrayBuffer());
    expect(superBook.worksheets[0].rowCount).toBe(2);
  });

  it('issue 38 point 6: the daily prune removes only entries older than AUDIT_LOG_RETENTION_DAYS and queues the next day', async () => {
    const a = await adminOf();
    const [old, oldPlatform, recent] = await Promise.all([
      insertEntries(a.company.id, [{ action: 'queue.create', entityId: 'old', createdAt: daysAgo(366) }]),
      insertEntries(null, [{ action: 'plan.create', entityId: 'old-platform', createdAt: daysAgo(400) }]),
      insertEntries(a.company.id, [{ action: 'queue.create', entityId: 'recent', createdAt: daysAgo(364) }]),
    ]);
    await scheduleAuditPrune(t.db, clock);
    await t.app.jobs.runDue();

    const left = async (id: number) => (await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, id))).length;
    expect(await left(old[0].id)).toBe(0);
    expect(await left(oldPlatform[0].id)).toBe(0);
    expect(await left(recent[0].id)).toBe(1);
    const tomorrow = new Date(clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    const waiting = await t.db.select().from(jobs).where(eq(jobs.kind, 'audit.prune'));
    expect(waiting.filter((job) => job.state === 'waiting').map((job) => job.singletonKey)).toEqual([tomorrow]);
  });
});
