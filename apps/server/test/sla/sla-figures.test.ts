import { EXPORT_SLA_SHEET_NAME } from '@atende/shared/reports';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '../../src/platform/clock.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const MINUTE_MS = 60_000;

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = manualClock(new Date());
  t = await startTestApp({}, { clock });
});
// each test's tickets are made at the database's now, so its clock starts there
beforeEach(() => clock.set(new Date()));
afterAll(async () => {
  await t?.close();
});

// Two queues with a 10-minute first response, Ana and Bia: Ana answers her first ticket in time,
// Bia's ticket and Ana's second are breached, and Ana answers hers late.
const seedSla = async () => {
  const a = await setupAttendance(t, { queues: 2 });
  const [sales, support] = a.queues;
  const ana = await a.attendant([sales.id, support.id], { name: 'Ana', allTicket: 'enabled' });
  const bia = await a.attendant([sales.id], { name: 'Bia', allTicket: 'enabled' });
  for (const queue of a.queues) {
    const policy = await t.request('POST', '/sla-policies', { token: a.adminSession.token, body: { name: queue.name, queueId: queue.id, firstResponseMinutes: 10 } });
    expect(policy.status).toBe(201);
  }
  const take = async (customer: string, who: typeof ana, queueId: number) => {
    const { ticketId } = await a.inbound(customer, 'Oi');
    expect((await a.put(who.session.token, ticketId, { status: 'open', userId: who.user.id, queueId })).status).toBe(200);
    return ticketId;
  };
  const reply = async (who: typeof ana, ticketId: number) =>
    expect((await t.request('POST', `/messages/${ticketId}`, { token: who.session.token, body: { body: 'Olá' } })).status).toBe(201);
  const inTime = await take('5511955570001', ana, sales.id);
  await take('5511955570002', bia, sales.id);
  const late = await take('5511955570003', ana, support.id);
  await t.app.jobs.runDue();
  await reply(ana, inTime);
  clock.advance(11 * MINUTE_MS);
  await t.app.jobs.runDue();
  await reply(ana, late);
  return { a, sales, support, ana, bia };
};

describe('issue 40 point 3: SLA hit rate and breaches on the dashboard and in the report', () => {
  it('GET /dashboard/sla counts the period\'s decided targets in all, by queue and by attendant', async () => {
    const { a, sales, support, ana, bia } = await seedSla();
    const answer = await t.request('GET', '/dashboard/sla', { token: a.adminSession.token });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toEqual({ targets: 3, metInTime: 1, breached: 2, hitRate: 33.33 });
    expect(answer.body.byQueue).toEqual([
      { queueId: sales.id, queueName: sales.name, targets: 2, metInTime: 1, breached: 1, hitRate: 50 },
      { queueId: support.id, queueName: support.name, targets: 1, metInTime: 0, breached: 1, hitRate: 0 },
    ]);
    expect(answer.body.byUser).toEqual([
      { userId: ana.user.id, userName: 'Ana', targets: 2, metInTime: 1, breached: 1, hitRate: 50 },
      { userId: bia.user.id, userName: 'Bia', targets: 1, metInTime: 0, breached: 1, hitRate: 0 },
    ]);
    // a period before the targets has none
    const before = await t.request('GET', '/dashboard/sla?date_from=2020-01-01&date_to=2020-01-31', { token: a.adminSession.token });
    expect(before.body).toEqual({ total: { targets: 0, metInTime: 0, breached: 0, hitRate: null }, byQueue: [], byUser: [] });
    // an attendant without the dashboard is refused
    expect((await t.request('GET', '/dashboard/sla', { token: bia.session.token })).status).toBe(403);
  });

  it("the report's xlsx export has an SLA sheet with the same figures", async () => {
    const { a, sales } = await seedSla();
    const response = await fetch(`${t.url}/ticketreport/reports/export`, { headers: { authorization: `Bearer ${a.adminSession.token}`, 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet(EXPORT_SLA_SHEET_NAME);
    const values = (index: number) => Array.from({ length: 6 }, (_, column) => sheet?.getRow(index).getCell(column + 1).value ?? '');
    expect(values(1)).toEqual(['Group', 'Name', 'Targets', 'Met in time', 'Breached', 'Hit rate (%)']);
    expect(values(2)).toEqual(['Total', '', 3, 1, 2, 33.33]);
    expect(values(3)).toEqual(['Queue', sales.name, 2, 1, 1, 50]);
    expect(sheet?.actualRowCount).toBe(6);
  });
});
