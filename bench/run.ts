// `npm run bench`: seeds the large tenant when missing, then runs every benchmark and prints its
// figures as Markdown tables. Nothing is asserted. BENCH_ONLY=tickets|reports|kanban|realtime|imports|campaigns|webhooks|automation|source-import|webchat|email|knowledge runs one part;
// `-- --compare` sets each figure beside the last committed ones (bench/figures.json), `-- --record`
// makes this run's figures the committed ones.
import { cpus } from 'node:os';
import { line, loadAverages } from './lib/common.ts';
import { compareWithLast, recordAsLast } from './lib/figures.ts';
import { benchCampaigns } from './campaigns.ts';
import { benchDashboardReports } from './dashboard-reports.ts';
import { benchImports } from './imports.ts';
import { benchKanban } from './kanban.ts';
import { benchRealtime } from './realtime.ts';
import { seedLargeTenant } from './seed-large-tenant.ts';
import { benchTicketsList } from './tickets-list.ts';
import { benchWebhooks } from './webhooks.ts';
import { benchAutomation } from './automation.ts';
import { benchSourceImport } from './source-import.ts';
import { benchWebchat } from './webchat.ts';
import { benchEmailIngest } from './email-ingest.ts';
import { benchKnowledge } from './knowledge.ts';

const only = process.env.BENCH_ONLY;
line(`# atende benchmarks, ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), node ${process.version}, load averages ${loadAverages()}`);
if (!only || only === 'tickets') {
  await seedLargeTenant();
  await benchTicketsList();
}
if (!only || only === 'reports') {
  await seedLargeTenant();
  await benchDashboardReports();
}
if (!only || only === 'kanban') {
  await seedLargeTenant();
  await benchKanban();
}
if (!only || only === 'realtime') await benchRealtime();
if (!only || only === 'imports') await benchImports();
if (!only || only === 'campaigns') await benchCampaigns();
if (!only || only === 'webhooks') await benchWebhooks();
if (!only || only === 'automation') await benchAutomation();
if (!only || only === 'source-import') await benchSourceImport();
if (!only || only === 'webchat') await benchWebchat();
if (!only || only === 'email') await benchEmailIngest();
if (!only || only === 'knowledge') await benchKnowledge();
line(`\nload averages at the end: ${loadAverages()}`);
if (process.argv.includes('--compare')) compareWithLast();
if (process.argv.includes('--record')) recordAsLast(loadAverages());
