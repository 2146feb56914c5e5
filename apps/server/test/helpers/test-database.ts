// A fresh database per test file, copied from the run's migrated and seeded template
// (helpers/database-template.ts): in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../../src/db/client.ts';
import { dropServerDatabase, onServer, uniqueDatabaseName, withDatabaseName } from './database-template.ts';

const template = inject('databaseTemplate');

let pgliteSnapshot: Promise<Blob> | undefined;
const pgliteTemplate = (snapshotFile: string) => {
  pgliteSnapshot ??= readFile(snapshotFile).then((bytes) => new Blob([bytes]));
  return pgliteSnapshot;
};

const copyOfServerTemplate = async (serverUrl: string, templateName: string) => {
  const name = uniqueDatabaseName('t');
  await onServer(serverUrl, `create database ${name} template ${templateName}`);
  return name;
};

export const openTestDatabase = async (): Promise<Database> => {
  if (template.kind === 'pglite') return openDatabase({ inMemory: true, from: await pgliteTemplate(template.snapshotFile) });
  const { serverUrl } = template;
  const name = await copyOfServerTemplate(serverUrl, template.name);
  const database = await openDatabase({ url: withDatabaseName(serverUrl, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropServerDatabase(serverUrl, name);
    },
  };
};

const openMigrated = async (target: DatabaseTarget) => {
  const database = await openDatabase(target);
  await database.migrate();
  return database;
};

// A database that can be closed and opened again, as a restarted process would: a PGlite folder,
// or a database on the PostgreSQL server named by TEST_DATABASE_URL. Each open migrates, as a
// start does (nothing left to do on a copy of the template).
export const reopenableTestDatabase = async () => {
  if (template.kind === 'postgres') {
    const { serverUrl } = template;
    const name = await copyOfServerTemplate(serverUrl, template.name);
    return {
      open: () => openMigrated({ url: withDatabaseName(serverUrl, name) }),
      drop: () => dropServerDatabase(serverUrl, name),
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'atende-reopen-'));
  let created = false;
  return {
    // the first open fills the folder from the template; later ones find the database there
    open: async () => {
      const database = await openMigrated({ pgliteDir: folder, from: created ? undefined : await pgliteTemplate(template.snapshotFile) });
      created = true;
      return database;
    },
    drop: async () => rmSync(folder, { recursive: true, force: true }),
  };
};
