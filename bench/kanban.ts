// The kanban board against the large tenant (bench/seed-large-tenant.ts; issue 35 point 11: the
// board loads in under a second). As a profile user with two queues, the board's two calls:
// GET /tag/kanban (the lanes) and GET /ticket/kanban (its queues' open and pending tickets, with
// the contacts' extra info) for today, the web's default, and for the last 7 days, which hold
// every live ticket of the seed. For each: p50/p95/p99 at 1 client and at N clients, and "the
// board", both calls at once as the page sends them, timed to the later answer.
// BENCH_EXPLAIN=1 prints the plans of the tickets' statements.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { KANBAN_TICKETS_MAX } from '@atende/shared/kanban';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { loadActor } from '../apps/server/src/platform/access.ts';
import { listBoardTickets } from '../apps/server/src/modules/tickets/tickets.repo.ts';
import { agentEmail, BENCH_DB, databaseUrl, heading, line, loadAverages, login, ms, startServer, summary } from './lib/common.ts';
import { explainCall } from './lib/explain.ts';
import { record } from './lib/figures.ts';
import { load } from './lib/load.ts';

const CLIENTS = 10;
const BOARD_ROUNDS = 20;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

// The seed's tags are plain; the board needs lanes, so they become its lanes (kept when already).
const seedTagsAsLanes = async (url: string, companyId: number) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('update tags set kanban = 1 where company_id = $1 and kanban = 0', [companyId]);
  } finally {
    await client.end();
  }
};

const timedGet = async (url: string, path: string, token: string) => {
  const answer = await fetch(url + path, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${text.slice(0, 200)}`);
  return text;
};

// The page's two calls at once, BOARD_ROUNDS times: the time to the later answer.
const boardLoads = async (url: string, paths: string[], token: string) => {
  const times: number[] = [];
  for (let round = 0; round < BOARD_ROUNDS; round += 1) {
    const at = performance.now();
    await Promise.all(paths.map((path) => timedGet(url, path, token)));
    times.push(performance.now() - at);
  }
  return summary(times);
};

export const benchKanban = async () => {
  const seconds = Math.min(5, Number(process.env.BENCH_DURATION ?? 20));
  const url = databaseUrl(BENCH_DB);
  const server = await startServer(url);
  try {
    const agent = await login(server.url, agentEmail(1));
    await seedTagsAsLanes(url, agent.user.companyId);
    const lanes = '/tag/kanban';
    const ticketsPath = (from: string) => `/ticket/kanban?${new URLSearchParams({ startDate: from, endDate: day(0) })}`;
    const ranges: Array<[string, string]> = [
      ['today', day(0)],
      ['last 7 days', day(7)],
    ];
    heading(`Kanban board, large tenant, as a profile user with two queues (${seconds} s at 1 and at ${CLIENTS} clients; target: the board in under a second)`);
    line(`load averages before: ${loadAverages()}`);
    line(`| call | cards or lanes | answer size | 1 client p50 / p95 / p99 | ${CLIENTS} clients p50 / p99 | req/s at ${CLIENTS} | errors |`);
    line('|---|---|---|---|---|---|---|');
    const scenarios: Array<[string, string]> = [['GET /tag/kanban', lanes], ...ranges.map(([name, from]): [string, string] => [`GET /ticket/kanban, ${name}`, ticketsPath(from)])];
    for (const [name, path] of scenarios) {
      const body = await timedGet(server.url, path, agent.token);
      const parsed = JSON.parse(body) as { lista?: unknown[]; tickets?: unknown[] };
      const single = await load({ url: server.url, path, token: agent.token, connections: 1, seconds });
      const many = await load({ url: server.url, path, token: agent.token, connections: CLIENTS, seconds });
      line(
        `| ${name} | ${(parsed.lista ?? parsed.tickets ?? []).length} | ${(Buffer.byteLength(body) / 1024).toFixed(0)} kB | ` +
          `${ms(single.p50)} / ${ms(single.p95)} / ${ms(single.p99)} | ${ms(many.p50)} / ${ms(many.p99)} | ${many.requestsPerSecond.toFixed(0)} | ${single.errors + many.errors} |`,
      );
      record(`kanban ${name}: 1 client p50`, single.p50, 'ms');
      record(`kanban ${name}: ${CLIENTS} clients p99`, many.p99, 'ms');
    }
    line('\n| the board (both calls at once, to the later answer) | p50 / p95 / max |');
    line('|---|---|');
    for (const [name, from] of ranges) {
      const board = await boardLoads(server.url, [lanes, ticketsPath(from)], agent.token);
      line(`| ${name} | ${ms(board.p50)} / ${ms(board.p95)} / ${ms(board.max)} |`);
      record(`kanban board ${name}: p95`, board.p95, 'ms');
    }
    if (process.env.BENCH_EXPLAIN) {
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const actor = await loadActor(drizzle(pool, { schema }) as unknown as Db, agent.user.id, agent.user.companyId).finally(() => pool.end());
      if (!actor) throw new Error('bench user not found');
      for (const [name, from] of ranges) {
        line(`\n  GET /ticket/kanban, ${name}`);
        await explainCall(url, (db) => listBoardTickets(db, agent.user.companyId, actor, { queueIds: actor.queueIds, startDate: from, endDate: day(0), limit: KANBAN_TICKETS_MAX }));
      }
    }
    line(`load averages after: ${loadAverages()}`);
  } finally {
    await server.stop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchKanban();
}
