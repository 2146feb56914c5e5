// Issue 34 point 2: migrations as a step, safe to race. Only under `npm run test:pg` (the advisory
// lock is the PostgreSQL server's; PGlite is one process). Three server processes started at once
// on a fresh, empty database all become ready: one migrates and seeds, the others wait for the
// lock and find nothing left to do (before the lock, two of three died on `CREATE TABLE "plans"`).
// The migrate command applies nothing twice, and a run with a failing migration exits non-zero
// naming it and leaves the database as it was.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dropServerDatabase, onServer, uniqueDatabaseName, withDatabaseName } from '../helpers/database-template.ts';
import { callServer } from '../crash/support/http.ts';
import { ADMIN_EMAIL, freePort, serverProcess, type ServerProcess } from '../crash/support/server-process.ts';

const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('the migrations race test runs on the PostgreSQL server only');

const root = resolve(import.meta.dirname, '../../../..');
const shippedMigrations = resolve(import.meta.dirname, '../../src/db/migrations');
const run = promisify(execFile);

const databases: string[] = [];
const folders: string[] = [];
let processes: ServerProcess[] = [];

const freshDatabase = async (fromTemplate = false) => {
  const name = uniqueDatabaseName('t_migrate');
  await onServer(template.serverUrl, fromTemplate ? `create database ${name} template ${template.name}` : `create database ${name}`);
  databases.push(name);
  return withDatabaseName(template.serverUrl, name);
};

const tempFolder = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};

const query = async <T = Record<string, unknown>>(url: string, text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
};

// what a run could have changed: every table of the public and drizzle schemas, and the
// migrations recorded
const shapeOf = async (url: string) => ({
  tables: (
    await query<{ name: string }>(url, `select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') order by 1`)
  ).map((row) => row.name),
  migrations: await query(url, `select id, hash, created_at from drizzle.__drizzle_migrations order by id`).catch(() => 'none'),
});

type Journal = { version: string; dialect: string; entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }> };

// The shipped migrations and, after them, these: each a tag and its SQL.
const migrationsWith = (extra: Array<{ tag: string; sql: string }>) => {
  const folder = tempFolder('atende-migrations-');
  cpSync(shippedMigrations, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.at(-1)!;
  extra.forEach(({ tag, sql }, index) => {
    writeFileSync(join(folder, `${tag}.sql`), sql);
    journal.entries.push({ ...last, idx: last.idx + 1 + index, when: last.when + 1000 * (index + 1), tag });
  });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return folder;
};

// The migrate command from the sources (`npm run migrate` runs its build, tested in
// test/ops/production-start.test.ts): exit code and output.
const migrateCommand = async (databaseUrl: string, args: string[] = []) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  return run(process.execPath, ['--import', 'tsx', 'apps/server/src/migrate.ts', ...args], { cwd: root, env }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? -1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
  );
};

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  for (const name of databases) await dropServerDatabase(template.serverUrl, name);
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
}, 120_000);

describe('migrations under an advisory lock (issue 34 point 2)', () => {
  it('three processes started at once on a fresh, empty database all become ready; each migration is applied once and the platform seeded once', async () => {
    const databaseUrl = await freshDatabase();
    const dataDir = tempFolder('atende-race-');
    processes = await Promise.all(['a', 'b', 'c'].map(async (name) => serverProcess({ dataDir: join(dataDir, name), port: await freePort(), databaseUrl })));
    await Promise.all(processes.map((server) => server.start()));
    for (const server of processes) {
      expect(await callServer(server.url, 'GET', '/ready'), server.outputs.join('')).toMatchObject({ status: 200, body: { status: 'ready' } });
    }
    const shipped = (JSON.parse(readFileSync(join(shippedMigrations, 'meta', '_journal.json'), 'utf8')) as Journal).entries;
    const recorded = await query<{ created_at: string }>(databaseUrl, `select created_at from drizzle.__drizzle_migrations order by id`);
    expect(recorded.map((row) => Number(row.created_at))).toEqual(shipped.map((entry) => entry.when));
    expect(await query(databaseUrl, `select id from companies`)).toEqual([{ id: 1 }]);
    expect(await query(databaseUrl, `select email from users where super`)).toEqual([{ email: ADMIN_EMAIL }]);
    // the lock was let go: a later migrate takes it at once and finds nothing to do
    expect(await migrateCommand(databaseUrl)).toMatchObject({ code: 0, output: expect.stringContaining('the database is up to date') });
  }, 300_000);

  it('a migrate run that fails exits non-zero naming the failing migration and leaves the database as it was, the migrations before it in the run included', async () => {
    const databaseUrl = await freshDatabase(true);
    const before = await shapeOf(databaseUrl);
    const folder = migrationsWith([
      { tag: '9000_good_step', sql: 'CREATE TABLE "good_step_probe" ("id" integer);' },
      { tag: '9001_broken_step', sql: 'CREATE TABLE "broken_step_probe" ("id" integer);\n--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;' },
    ]);
    const failed = await migrateCommand(databaseUrl, ['--folder', folder]);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain('migration 9001_broken_step failed');
    expect(failed.output).toContain('no_such_table');
    expect(await shapeOf(databaseUrl)).toEqual(before);

    // the same run with the broken one mended applies both
    writeFileSync(join(folder, '9001_broken_step.sql'), 'CREATE TABLE "broken_step_probe" ("id" integer);');
    expect(await migrateCommand(databaseUrl, ['--folder', folder])).toMatchObject({ code: 0, output: expect.stringContaining('2 applied, the last 9001_broken_step') });
    expect((await shapeOf(databaseUrl)).tables).toEqual(expect.arrayContaining(['public.good_step_probe', 'public.broken_step_probe']));
  }, 120_000);

  it('on an empty database, a failing run leaves nothing behind, not even the bookkeeping table', async () => {
    const databaseUrl = await freshDatabase();
    const folder = migrationsWith([{ tag: '9000_broken_at_the_end', sql: 'SELECT 1 / 0;' }]);
    const failed = await migrateCommand(databaseUrl, ['--folder', folder]);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain('migration 9000_broken_at_the_end failed: division by zero');
    expect(await shapeOf(databaseUrl)).toEqual({ tables: [], migrations: 'none' });
  }, 120_000);
});
