// GET /tickets against the large tenant (bench/seed-large-tenant.ts): p50/p95/p99 and requests/s
// at 1 and N concurrent clients (50, and 20 for a search in messages), for the tabs and searches
// the web sends, as the tenant's admin and as a profile user with two queues. Beside each, the same list SQL (as
// tickets-list.repo.ts sends it) run directly with pg, and the ratio of the two p50s.
// BENCH_DURATION (s, default 20) is the length of the N-client runs; BENCH_EXPLAIN=1 prints plans;
// BENCH_TICKETS_MATCH runs only the lists whose name contains it ("open tab", "priority").
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ticketsListQuery } from '@atende/shared/tickets';
import * as schema from '../apps/server/src/db/schema.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { loadActor } from '../apps/server/src/platform/access.ts';
import { listTickets } from '../apps/server/src/modules/tickets/tickets-list.repo.ts';
import { agentEmail, BENCH_DB, databaseUrl, heading, line, loadAverages, login, ms, residentMb, startServer, summary, TENANT_ADMIN_EMAIL } from './lib/common.ts';
import { record } from './lib/figures.ts';
import { load } from './lib/load.ts';

const SLOW_MS = 500;

// clients: the concurrent clients of the loaded run (issue 21's targets: 50 for the list and the
// name search, 20 for a search in messages)
type Scenario = { name: string; as: 'admin' | 'agent'; query: Record<string, string>; clients: number };

const scenarios = (agentQueues: number[]): Scenario[] => [
  { name: 'open tab, showAll', as: 'admin', query: { status: 'open', showAll: 'true' }, clients: 50 },
  // issue 40 point 5: the most urgent first, with no index on the priority (docs/automation.md)
  { name: 'open tab, showAll, sortBy priority', as: 'admin', query: { status: 'open', showAll: 'true', sortBy: 'priority' }, clients: 50 },
  { name: 'pending tab', as: 'admin', query: { status: 'pending' }, clients: 50 },
  { name: 'open tab', as: 'agent', query: { status: 'open', queueIds: JSON.stringify(agentQueues) }, clients: 50 },
  { name: 'pending tab', as: 'agent', query: { status: 'pending', queueIds: JSON.stringify(agentQueues) }, clients: 50 },
  { name: 'open tab, sortBy priority', as: 'agent', query: { status: 'open', queueIds: JSON.stringify(agentQueues), sortBy: 'priority' }, clients: 50 },
  { name: 'name search "mariana"', as: 'admin', query: { searchParam: 'mariana' }, clients: 50 },
  { name: 'name search "mariana"', as: 'agent', query: { searchParam: 'mariana', queueIds: JSON.stringify(agentQueues) }, clients: 50 },
  { name: 'searchOnMessages "reembolso"', as: 'admin', query: { searchParam: 'reembolso', searchOnMessages: 'true' }, clients: 20 },
];

const pathOf = (query: Record<string, string>) => `/tickets?${new URLSearchParams({ pageNumber: '1', sortTickets: 'DESC', ...query })}`;

// The list's statements, captured from the repo itself as it sends them (named, and so prepared,
// or not), then timed with plain pg: one at a time, and from `clients` concurrent loops for
// `seconds` (the pool as large as the server's).
const directSql = async (pool: pg.Pool, companyId: number, userId: number, query: Record<string, string>, clients: number, seconds: number) => {
  const captured: pg.QueryConfig[] = [];
  const capturing = {
    query: (config: pg.QueryConfig, values: unknown[]) => {
      captured.push({ name: config.name && `bench_${config.name}`, text: config.text, values });
      return pool.query(config, values);
    },
  };
  const db = drizzle(capturing as unknown as pg.Pool, { schema }) as unknown as Db;
  const actor = await loadActor(db, userId, companyId);
  if (!actor) throw new Error('bench user not found');
  captured.length = 0;
  await listTickets(db, companyId, actor, ticketsListQuery.parse({ pageNumber: '1', sortTickets: 'DESC', ...query }));
  const statements = [...captured];
  const times: number[] = [];
  const deadline = Date.now() + 10_000;
  for (let round = 0; round < 30 && Date.now() < deadline; round += 1) {
    const at = performance.now();
    await Promise.all(statements.map((statement) => pool.query(statement)));
    times.push(performance.now() - at);
  }
  const loaded: number[] = [];
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const at = performance.now();
      await Promise.all(statements.map((statement) => pool.query(statement)));
      loaded.push(performance.now() - at);
    }
  };
  // as for HTTP: 50 clients of a statement that takes seconds alone would only measure a queue
  const single = summary(times);
  if (single.p50 <= SLOW_MS) await Promise.all(Array.from({ length: clients }, loop));
  if (process.env.BENCH_EXPLAIN) {
    for (const statement of statements) {
      const plan = await pool.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
      line(plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
    }
  }
  return { single, loaded: summary(loaded) };
};

export const benchTicketsList = async () => {
  const seconds = Number(process.env.BENCH_DURATION ?? 20);
  const url = databaseUrl(BENCH_DB);
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const server = await startServer(url);
  try {
    const admin = await login(server.url, TENANT_ADMIN_EMAIL);
    const agent = await login(server.url, agentEmail(1));
    const { rows } = await pool.query('select queue_id from user_queues where user_id = $1 order by queue_id', [agent.user.id]);
    const agentQueues = rows.map((row) => Number(row.queue_id));
    heading(`GET /tickets, large tenant (${seconds} s at N clients, ${Math.min(5, seconds)} s at 1 client)`);
    line(`server RSS at rest: ${residentMb(server.pid).toFixed(0)} MB; load averages ${loadAverages()}`);
    line('| as | list | total rows | SQL p50 | 1 client p50 / p99 | ratio HTTP/SQL | N clients | N clients p50 / p95 / p99 | req/s at N | SQL at N clients p99 | ratio p99 HTTP/SQL | errors |');
    line('|---|---|---|---|---|---|---|---|---|---|---|---|');
    const matching = process.env.BENCH_TICKETS_MATCH;
    for (const scenario of scenarios(agentQueues).filter((one) => !matching || one.name.includes(matching))) {
      const session = scenario.as === 'admin' ? admin : agent;
      const path = pathOf(scenario.query);
      const first = await fetch(server.url + path, { headers: { accept: 'application/json', authorization: `Bearer ${session.token}` } });
      const page = (await first.json()) as { count: number };
      if (process.env.BENCH_EXPLAIN) line(`\n  ${scenario.as} ${scenario.name}: ${path}`);
      const sqlTimes = await directSql(pool, session.user.companyId, session.user.id, scenario.query, scenario.clients, Math.min(5, seconds));
      const single = await load({ url: server.url, path, token: session.token, connections: 1, seconds: Math.min(5, seconds) });
      // many clients of a list that takes seconds alone would only measure a queue for minutes
      const many = single.p50 > SLOW_MS ? undefined : await load({ url: server.url, path, token: session.token, connections: scenario.clients, seconds });
      const loaded = many
        ? `${ms(many.p50)} / ${ms(many.p95)} / ${ms(many.p99)} | ${many.requestsPerSecond.toFixed(0)}`
        : `skipped (1-client p50 > ${SLOW_MS} ms) | -`;
      line(
        `| ${scenario.as} | ${scenario.name} | ${page.count} | ${ms(sqlTimes.single.p50)} | ${ms(single.p50)} / ${ms(single.p99)} | ` +
          `${(single.p50 / sqlTimes.single.p50).toFixed(1)} | ${scenario.clients} | ${loaded} | ${ms(sqlTimes.loaded.p99)} | ` +
          `${many ? (many.p99 / sqlTimes.loaded.p99).toFixed(1) : '-'} | ${single.errors + (many?.errors ?? 0)} |`,
      );
      const name = `tickets ${scenario.as} ${scenario.name}`;
      record(`${name}: SQL p50`, sqlTimes.single.p50, 'ms');
      record(`${name}: 1 client p50`, single.p50, 'ms');
      if (many) record(`${name}: ${scenario.clients} clients p99`, many.p99, 'ms');
    }
    const rss = residentMb(server.pid);
    line(`server RSS after the list scenarios: ${rss.toFixed(0)} MB; load averages ${loadAverages()}`);
    record('server RSS after the list scenarios', rss, 'MB');
  } finally {
    await server.stop();
    await pool.end();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchTicketsList();
}
