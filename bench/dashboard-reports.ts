// The managers' screens against the large tenant (bench/seed-large-tenant.ts, issue 18 point 4):
// GET /dashboard and its charts for a month, the report's first page with each filter, at one
// client (p50/p95/p99); and the export of about 100k rows: time to the last byte and the server
// process's resident memory growth, sampled every 100 ms from /proc while the file streams.
// The seed gives the tickets their log entries and ratings, so the dashboard's figures have a
// realistic mix of answers, and a year of audit entries for the audit log's page and export (issue 38
// point 6). BENCH_EXPLAIN=1 prints the plans of each call's statements.
import { AUDIT_EXPORT_MAX_ROWS, auditFilterQuery } from '@atende/shared/audit';
import { dashboardQuery, momentsQuery, ticketsChartQuery } from '@atende/shared/dashboard';
import { reportQuery } from '@atende/shared/reports';
import type { Db } from '../apps/server/src/db/client.ts';
import { createAuditService } from '../apps/server/src/modules/audit/audit.service.ts';
import { createDashboardService } from '../apps/server/src/modules/dashboard/dashboard.service.ts';
import { createPanelService } from '../apps/server/src/modules/panel/panel.service.ts';
import { createReportsService } from '../apps/server/src/modules/reports/reports.service.ts';
import { slaFigures } from '../apps/server/src/modules/sla/sla-figures.repo.ts';
import type { TenantContext } from '../apps/server/src/platform/access.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { agentEmail, BENCH_DB, databaseUrl, heading, line, loadAverages, login, ms, sampleResidentPeak, startServer, TENANT_ADMIN_EMAIL } from './lib/common.ts';
import { explainCall } from './lib/explain.ts';
import { load } from './lib/load.ts';

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const list = (values: unknown[]) => JSON.stringify(values);

// The service call a path makes, for BENCH_EXPLAIN: the same statements as the server runs.
const serviceCallFor = (path: string, companyId: number) => {
  const url = new URL(path, 'http://bench');
  const query = Object.fromEntries(url.searchParams);
  const tenant = { companyId } as TenantContext;
  return (db: Db) => {
    const clock = systemClock;
    if (url.pathname === '/dashboard') return createDashboardService({ db, clock }).summary(tenant, dashboardQuery.parse(query));
    if (url.pathname === '/dashboard/ticketsUsers') return createDashboardService({ db, clock }).ticketsUsers(tenant, ticketsChartQuery.parse(query));
    if (url.pathname === '/dashboard/ticketsDay') return createDashboardService({ db, clock }).ticketsDay(tenant, ticketsChartQuery.parse(query));
    if (url.pathname === '/dashboard/sla') return createDashboardService({ db, clock }).sla(tenant, dashboardQuery.parse(query));
    if (url.pathname === '/dashboard/moments') return createPanelService({ db, clock }).moments(tenant, momentsQuery.parse(query));
    if (url.pathname === '/audit-log') return createAuditService({ db }).page({ ...auditFilterQuery.parse(query), companyId }, undefined);
    return createReportsService({ db, slaFiguresOf: (id, period) => slaFigures(db, id, period) }).report(tenant, reportQuery.parse(query));
  };
};

const exportRun = async (url: string, pid: number, token: string, path: string) => {
  const memory = sampleResidentPeak(pid);
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  return { status: response.status, rows: Number(response.headers.get('x-total-count')), bytes, seconds, growth: memory.stop().growth };
};

export const benchDashboardReports = async () => {
  const seconds = Math.min(5, Number(process.env.BENCH_DURATION ?? 20));
  const server = await startServer(databaseUrl(BENCH_DB));
  try {
    const admin = await login(server.url, TENANT_ADMIN_EMAIL);
    const agent = await login(server.url, agentEmail(1));
    const month = { from: day(30), to: day(0) };
    const scenarios: Array<[string, string]> = [
      ['dashboard, last 30 days', `/dashboard?date_from=${month.from}&date_to=${month.to}`],
      ['ticketsUsers, last 30 days', `/dashboard/ticketsUsers?initialDate=${month.from}&finalDate=${month.to}`],
      ['ticketsDay, last 30 days', `/dashboard/ticketsDay?initialDate=${month.from}&finalDate=${month.to}`],
      // issue 40 point 3
      ['SLA figures, last 30 days', `/dashboard/sla?date_from=${month.from}&date_to=${month.to}`],
      ['panel (moments)', '/dashboard/moments'],
      ['report page 1, no filter', '/ticketreport/reports?page=1&pageSize=10'],
      ['report page 1, month + closed', `/ticketreport/reports?page=1&pageSize=10&dateFrom=${month.from}&dateTo=${month.to}&status=${encodeURIComponent(list(['closed']))}`],
      ['report page 1, one user', `/ticketreport/reports?page=1&pageSize=10&users=${encodeURIComponent(list([agent.user.id]))}`],
      ['report page 1, without queue', `/ticketreport/reports?page=1&pageSize=10&queueIds=${encodeURIComponent(list([0]))}`],
      ['report page 1, contact search "mariana"', '/ticketreport/reports?page=1&pageSize=10&searchParam=mariana'],
      ['report page 1, only rated', '/ticketreport/reports?page=1&pageSize=10&onlyRated=true'],
      ['report page 30 of 30 rows', '/ticketreport/reports?page=30&pageSize=30'],
      ['audit log page 1, no filter', '/audit-log'],
      ['audit log page 1, one action, last 30 days', `/audit-log?action=user.update&dateFrom=${month.from}&dateTo=${month.to}`],
    ];
    heading(`Dashboard, panel and report, large tenant (${seconds} s at 1 client; target p95 < 200 ms)`);
    line(`load average before: ${loadAverages()}`);
    line('| call | 1 client p50 / p95 / p99 | errors |');
    line('|---|---|---|');
    for (const [name, path] of scenarios) {
      if (process.env.BENCH_EXPLAIN) {
        line(`\n  ${name}: ${path}`);
        await explainCall(databaseUrl(BENCH_DB), serviceCallFor(path, admin.user.companyId));
      }
      const single = await load({ url: server.url, path, token: admin.token, connections: 1, seconds });
      line(`| ${name} | ${ms(single.p50)} / ${ms(single.p95)} / ${ms(single.p99)} | ${single.errors} |`);
    }
    line(`load average after: ${loadAverages()}`);

    // about 100k rows: the seed's 20,000 live tickets of the last week, then 576 closed ones a day
    const exported = await exportRun(server.url, server.pid, admin.token, `/ticketreport/reports/export?dateFrom=${day(146)}&dateTo=${day(0)}`);
    heading('Report export (target: 100k rows under 20 s, server memory growth under 100 MB)');
    line('| rows | status | file size | time | server RSS growth (peak) |');
    line('|---|---|---|---|---|');
    line(`| ${exported.rows} | ${exported.status} | ${(exported.bytes / 1e6).toFixed(1)} MB | ${exported.seconds.toFixed(1)} s | ${(exported.growth / 1e6).toFixed(1)} MB |`);
    line(`load average after the export: ${loadAverages()}`);

    // the audit log's export at its bound: the newest entries of a year of changes
    const audited = await exportRun(server.url, server.pid, admin.token, '/audit-log/export');
    heading(`Audit log export (at most ${AUDIT_EXPORT_MAX_ROWS} rows, newest first)`);
    line('| status | file size | time | server RSS growth (peak) |');
    line('|---|---|---|---|');
    line(`| ${audited.status} | ${(audited.bytes / 1e6).toFixed(1)} MB | ${audited.seconds.toFixed(1)} s | ${(audited.growth / 1e6).toFixed(1)} MB |`);
  } finally {
    await server.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchDashboardReports();
}
