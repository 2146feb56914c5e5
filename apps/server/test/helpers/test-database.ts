// A fresh database per test file: in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.ts';

const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

const createServerDatabase = async (serverUrl: string) => {
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return name;
};

export const openTestDatabase = async (): Promise<Database> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ inMemory: true });
    await database.migrate();
    return database;
  }
  const name = await createServerDatabase(serverUrl);
  const database = await openDatabase({ url: withDatabaseName(serverUrl, name) });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropServerDatabase(serverUrl, name);
    },
  };
};

// A database that can be closed and opened again, as a restarted process would: a PGlite folder,
// or a database on the PostgreSQL server named by TEST_DATABASE_URL.
export const reopenableTestDatabase = async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const folder = mkdtempSync(join(tmpdir(), 'atende-reopen-'));
  const name = serverUrl ? await createServerDatabase(serverUrl) : undefined;
  const open = async () => {
    const database = await openDatabase(serverUrl && name ? { url: withDatabaseName(serverUrl, name) } : { pgliteDir: folder });
    await database.migrate();
    return database;
  };
  const drop = async () => {
    if (serverUrl && name) await dropServerDatabase(serverUrl, name);
    rmSync(folder, { recursive: true, force: true });
  };
  return { open, drop };
};

const dropServerDatabase = async (serverUrl: string, name: string) => {
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  // connections that are still closing make a plain drop fail for a moment; wait for them
  // rather than force, which would interrupt them mid-goodbye
  for (let attempt = 0; ; attempt++) {
    try {
      await cleanup.query(`drop database if exists ${name}`);
      break;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await cleanup.end();
};
