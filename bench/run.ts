// `npm run bench`: seeds the large tenant when missing, then runs every benchmark and prints its
// figures as Markdown tables. Nothing is asserted. BENCH_ONLY=tickets|reports|realtime|campaigns runs one part.
import { cpus } from 'node:os';
import { line } from './lib/common.ts';
import { benchCampaigns } from './campaigns.ts';
import { benchDashboardReports } from './dashboard-reports.ts';
import { benchRealtime } from './realtime.ts';
import { seedLargeTenant } from './seed-large-tenant.ts';
import { benchTicketsList } from './tickets-list.ts';

const only = process.env.BENCH_ONLY;
line(`# atende benchmarks, ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), node ${process.version}`);
if (!only || only === 'tickets') {
  await seedLargeTenant();
  await benchTicketsList();
}
if (!only || only === 'reports') {
  await seedLargeTenant();
  await benchDashboardReports();
}
if (!only || only === 'realtime') await benchRealtime();
if (!only || only === 'campaigns') await benchCampaigns();
