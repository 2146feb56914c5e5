// One database handle for both drivers: a PostgreSQL server when DATABASE_URL is set,
// otherwise PGlite (PostgreSQL in WASM) persisted under the data folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { applyMigrations, readMigrations, withMigrationLock, type MigrationLog, type MigrationRun } from './migrate.ts';
import { withPreparedStatements } from './pglite-statements.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// Calls onNotify for every NOTIFY on the channel (sent by any process over this database) and
// after a lost listening connection came back, when notifications may have been missed.
export type Listen = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

// migrationsFolder: another folder than the one this code ships (tests of a failing migration);
// log: told when the process waits for another's migrations and of each migration applied;
// thenUnderLock: work that must not race either (the platform's seed), run after the migrations
// while the lock is still held
export type MigrateOptions = { migrationsFolder?: string; log?: MigrationLog; thenUnderLock?: () => Promise<void> };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  // db/migrate.ts: under an advisory lock on a PostgreSQL server; throws a MigrationError naming
  // the migration that failed, having changed nothing
  migrate: (options?: MigrateOptions) => Promise<MigrationRun>;
  listen: Listen;
  close: () => Promise<void>;
  // PGlite only: the whole data folder as one tarball, which another PGlite can start from
  snapshot?: () => Promise<Blob>;
};

const RELISTEN_DELAY_MS = 1000;

// A PostgreSQL server delivers notifications on a connection that ran LISTEN: one dedicated
// client, outside the pool, connected again whenever it drops.
const listenOnServer =
  (url: string): Listen =>
  async (channel, onNotify) => {
    let client: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      const reconnect = () => {
        if (closed || client !== next) return;
        client = undefined;
        next.end().catch(() => undefined);
        retry = setTimeout(() => void connect().then(onNotify, () => undefined), RELISTEN_DELAY_MS);
      };
      next.on('error', reconnect);
      next.on('end', reconnect);
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        reconnect();
        throw error;
      }
    };
    try {
      await connect();
    } catch (error) {
      closed = true;
      if (retry) clearTimeout(retry);
      throw error;
    }
    return async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// from: a PGlite snapshot to start an empty PGlite with, in place of initdb (the slow part of a start)
export type DatabaseTarget = { url: string } | { pgliteDir: string; from?: Blob } | { inMemory: true; from?: Blob };

export const openDatabase = async (target: DatabaseTarget): Promise<Database> => {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 20 });
    // An idle connection the server ends (restart, admin command) must not crash the process;
    // the pool opens a new one on the next checkout.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async (options = {}) => {
        // a session-level lock belongs to its connection: one client, outside the pool, holds it
        // and runs the migrations; its end (or the process's death) lets the lock go
        const client = new pg.Client({ connectionString: target.url });
        client.on('error', () => undefined);
        await client.connect();
        try {
          const locked = drizzlePg(client);
          return await withMigrationLock(
            locked,
            async () => {
              const run = await applyMigrations(locked, readMigrations(options.migrationsFolder ?? migrationsFolder), options.log);
              await options.thenUnderLock?.();
              return run;
            },
            options.log,
          );
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      listen: listenOnServer(target.url),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if ('pgliteDir' in target) {
    dataDir = join(target.pgliteDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm backs the substring searches' indexes (migration 0004)
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: target.from });
  const db = drizzlePglite({ client: withPreparedStatements(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async (options = {}) => {
      const run = await applyMigrations(drizzlePglite(client), readMigrations(options.migrationsFolder ?? migrationsFolder), options.log);
      await options.thenUnderLock?.();
      return run;
    },
    // one process holds a PGlite database: its notifications are an in-process signal
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
  };
};
