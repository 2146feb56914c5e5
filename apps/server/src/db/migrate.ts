// Applies the migrations (drizzle-kit's folder: meta/_journal.json and one .sql file per entry)
// with drizzle's bookkeeping (drizzle.__drizzle_migrations, so databases migrated before keep
// working and db/health.ts counts what is pending by the same rule), and two things drizzle's
// migrator does not do:
//   - on a PostgreSQL server, under a session-level advisory lock held by one dedicated
//     connection: processes starting together on an empty database take turns, the first applies
//     the migrations and the others find nothing left to do (without it, two of three processes
//     died on `CREATE TABLE "plans"`). A process that dies while holding it loses its connection,
//     and with it the lock. PGlite is one process: no lock.
//   - a failure names the migration (the journal's tag). Everything a run does is one transaction,
//     as with drizzle: a run that fails leaves the database as it was.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type Migration = { tag: string; createdAt: number; hash: string; statements: string[] };

// What a run did: the tags applied, in order (none when the database was up to date).
export type MigrationRun = { applied: string[] };

// Written to the log while a process waits for another's migrations, or as they are applied.
export type MigrationLog = (line: string) => void;

// Drizzle wraps the driver's error ("Failed query: …"); the database's own words are its cause.
const databaseMessage = (error: unknown): string =>
  error instanceof Error ? (error.cause instanceof Error ? databaseMessage(error.cause) : error.message) : String(error);

export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(`migration ${migration} failed: ${databaseMessage(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

type Journal = { entries: Array<{ tag: string; when: number }> };

// The folder's migrations in the journal's order, read as drizzle reads them (the same hash, the
// same statement breakpoints).
export const readMigrations = (folder: string): Migration[] => {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(join(folder, `${tag}.sql`), 'utf8');
    return { tag, createdAt: when, hash: createHash('sha256').update(text).digest('hex'), statements: text.split('--> statement-breakpoint') };
  });
};

type AnyPgDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
type Rows<T> = { rows: T[] };

// One transaction: the bookkeeping table, the last migration recorded, every newer one. Drizzle's
// rule for what is pending (a creation time after the last one applied) is kept.
export const applyMigrations = async (db: AnyPgDatabase, migrations: Migration[], log?: MigrationLog): Promise<MigrationRun> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    const { rows } = (await tx.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as Rows<{
      created_at: string | number | null;
    }>;
    const lastApplied = Number(rows[0]?.created_at ?? 0);
    const applied: string[] = [];
    for (const migration of migrations) {
      if (migration.createdAt <= lastApplied) continue;
      log?.(`applying migration ${migration.tag}`);
      try {
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.createdAt})`);
      } catch (error) {
        throw new MigrationError(migration.tag, error);
      }
      applied.push(migration.tag);
    }
    return { applied };
  });

// The lock's key: one number every process of every version derives from the same name.
export const MIGRATION_LOCK = sql`hashtextextended('atende.migrations', 0)`;

// Holds the advisory lock on `db` (a drizzle handle on ONE connection: a session-level lock
// belongs to the connection that took it) while `work` runs, then lets it go.
export const withMigrationLock = async <T>(db: AnyPgDatabase, work: () => Promise<T>, log?: MigrationLog): Promise<T> => {
  const { rows } = (await db.execute(sql`select pg_try_advisory_lock(${MIGRATION_LOCK}) as locked`)) as unknown as Rows<{ locked: boolean }>;
  if (!rows[0]?.locked) {
    log?.('another process is migrating the database; waiting for it');
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  }
  try {
    return await work();
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
  }
};
