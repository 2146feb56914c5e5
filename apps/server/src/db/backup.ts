// The database half of a backup (docs/deploy.md#backups): a PostgreSQL server through its own
// pg_dump and pg_restore (custom format, so a restore can go into any empty database), PGlite
// through its data folder's tarball. A PGlite database is one process's: it is copied only while
// the server is stopped.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export type DatabaseLocation = { url: string } | { dataDir: string };

export const POSTGRES_DUMP_FILE = 'database.dump';
export const PGLITE_DUMP_FILE = 'pglite.tar.gz';

const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');

// The password goes to the client tools in PGPASSWORD, not on their command line, where any user
// of the machine could read it in the process list.
const clientArguments = (url: string) => {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env };
};

const run = (command: string, args: string[], env: Record<string, string>) =>
  new Promise<void>((done, fail) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.once('error', (error) => fail(new Error(`${command} could not run (is the PostgreSQL client installed?): ${error.message}`)));
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${code}: ${errors.trim()}`))));
  });

// Tables anywhere but the system's schemas: the migrations' own (drizzle) counts, so a database
// that was only migrated is not empty either.
const postgresTableCount = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_toast%'`,
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
};

export const dumpDatabase = async (location: DatabaseLocation, folder: string): Promise<string> => {
  if ('url' in location) {
    const { dbname, env } = clientArguments(location.url);
    const file = join(folder, POSTGRES_DUMP_FILE);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
    return POSTGRES_DUMP_FILE;
  }
  const dir = pgliteDirOf(location.dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`no PGlite database in ${dir}`);
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    const tarball = await db.dumpDataDir('gzip');
    await writeFile(join(folder, PGLITE_DUMP_FILE), Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await db.close();
  }
  return PGLITE_DUMP_FILE;
};

// Refuses a target that holds anything unless `force`; with `force`, a PostgreSQL restore drops
// what the dump names before creating it again, and a PGlite folder is replaced.
export const restoreDatabase = async (location: DatabaseLocation, folder: string, dumpFile: string, force: boolean) => {
  const file = join(folder, dumpFile);
  if ('url' in location) {
    if (dumpFile !== POSTGRES_DUMP_FILE) throw new Error('this backup holds a PGlite database; DATABASE_URL names a PostgreSQL server');
    const tables = await postgresTableCount(location.url);
    if (tables > 0 && !force) throw new Error(`the target database is not empty (${tables} tables); restore into an empty one, or pass --force`);
    const { dbname, env } = clientArguments(location.url);
    const clean = tables > 0 ? ['--clean', '--if-exists'] : [];
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', ...clean, `--dbname=${dbname}`, file], env);
    return;
  }
  if (dumpFile !== PGLITE_DUMP_FILE) throw new Error('this backup holds a PostgreSQL dump; set DATABASE_URL to the server to restore it into');
  const dir = pgliteDirOf(location.dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!force) throw new Error(`${dir} is not empty; restore into a fresh DATA_DIR, or pass --force`);
    rmSync(dir, { recursive: true });
  }
  const db = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([await readFile(file)]) });
  await db.close();
};
