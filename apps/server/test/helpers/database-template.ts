// vitest's globalSetup for the server project: one migrated and seeded database per run, which
// every test database starts from. Migrating per test file cost seconds, and on PGlite its initdb
// alone took most of a test file's start on a loaded machine. PGlite starts from a snapshot of
// the template's data folder, PostgreSQL creates each database with the template as its TEMPLATE.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { seedPlatform } from '../../src/seed.ts';

export const SUPER_EMAIL = 'super@platform.test';
export const SUPER_PASSWORD = 'super-secret-1';

export type DatabaseTemplate = { kind: 'pglite'; snapshotFile: string } | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

export const uniqueDatabaseName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

export const onServer = async (serverUrl: string, statement: string) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};

export const dropServerDatabase = async (serverUrl: string, name: string) => {
  // connections that are still closing make a plain drop fail for a moment; wait for them
  // rather than force, which would interrupt them mid-goodbye
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(serverUrl, `drop database if exists ${name}`);
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};

const migrateAndSeed = async (database: Database) => {
  await database.migrate();
  await seedPlatform(database.db, { adminEmail: SUPER_EMAIL, adminPassword: SUPER_PASSWORD });
};

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = uniqueDatabaseName('t_template');
    await onServer(serverUrl, `create database ${name}`);
    const database = await openDatabase({ url: withDatabaseName(serverUrl, name) });
    try {
      await migrateAndSeed(database);
    } finally {
      // a database is copied only while nobody is connected to it
      await database.close();
    }
    project.provide('databaseTemplate', { kind: 'postgres', serverUrl, name });
    return () => dropServerDatabase(serverUrl, name);
  }
  const database = await openDatabase({ inMemory: true });
  let snapshot: Blob;
  try {
    await migrateAndSeed(database);
    snapshot = await database.snapshot!();
  } finally {
    await database.close();
  }
  const folder = mkdtempSync(join(tmpdir(), 'atende-template-'));
  const snapshotFile = join(folder, 'pglite.tar');
  writeFileSync(snapshotFile, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', snapshotFile });
  return () => rmSync(folder, { recursive: true, force: true });
}
