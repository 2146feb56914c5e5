// BENCH_EXPLAIN=1: the statements a service call runs, captured through a Drizzle logger on a
// database of the bench, each then run again under EXPLAIN ANALYZE and printed indented.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
import { line } from './common.ts';

type Statement = { sql: string; params: unknown[] };

export const explainCall = async (url: string, call: (db: Db) => Promise<unknown>) => {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const statements: Statement[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => void statements.push({ sql, params }) } }) as unknown as Db;
  try {
    await call(db);
    for (const statement of statements) {
      const plan = await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      line(plan.rows.map((row: Record<string, string>) => `    ${row['QUERY PLAN']}`).join('\n'));
    }
  } finally {
    await pool.end();
  }
};
