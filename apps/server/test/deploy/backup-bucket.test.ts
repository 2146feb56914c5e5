// Issue 34 point 5, files in a bucket: the backup keeps the bucket's listing (the files themselves
// are kept by the bucket's versioning and replication), and a restore names the listed files the
// bucket no longer has. The database half is the template's copy, PGlite or PostgreSQL.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backup, restore, type BackupTarget } from '../../src/backup/backup.ts';
import type { DatabaseLocation } from '../../src/db/backup.ts';
import { openDatabase } from '../../src/db/client.ts';
import { createObjectStore, type ObjectStore } from '../../src/platform/storage.ts';
import { dropServerDatabase, onServer, uniqueDatabaseName, withDatabaseName } from '../helpers/database-template.ts';
import { startS3Server } from '../storage/support/s3-server.ts';

const template = inject('databaseTemplate');

let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: ObjectStore;
const folders: string[] = [];
const serverDatabases: string[] = [];

const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
};

// a database holding the template's rows: a PGlite folder under dataDir, or a new database
const templateDatabase = async (dataDir: string): Promise<DatabaseLocation> => {
  if (template.kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: dataDir, from: new Blob([await readFile(template.snapshotFile)]) });
    await database.close();
    return { dataDir };
  }
  const name = uniqueDatabaseName('t_backup');
  await onServer(template.serverUrl, `create database ${name} template ${template.name}`);
  serverDatabases.push(name);
  return { url: withDatabaseName(template.serverUrl, name) };
};

const emptyDatabase = async (dataDir: string): Promise<DatabaseLocation> => {
  if (template.kind === 'pglite') return { dataDir };
  const name = uniqueDatabaseName('t_restore');
  await onServer(template.serverUrl, `create database ${name}`);
  serverDatabases.push(name);
  return { url: withDatabaseName(template.serverUrl, name) };
};

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = createObjectStore(s3.storage, folder('atende-unused-'));
});

afterAll(async () => {
  await s3?.close();
  if (template.kind === 'postgres') for (const name of serverDatabases) await dropServerDatabase(template.serverUrl, name);
  for (const made of folders) rmSync(made, { recursive: true, force: true });
}, 60_000);

describe('issue 34 point 5: backups of a deployment whose files are in a bucket', () => {
  it("the backup lists the bucket's files; a restore names those the bucket lost", async () => {
    await bucket.put('company1/media/kept.txt', Buffer.from('kept'), 'text/plain');
    await bucket.put('company1/media/lost.txt', Buffer.from('lost'), 'text/plain');
    const source = folder('atende-backup-source-');
    const target = (database: DatabaseLocation, dataDir: string): BackupTarget => ({ database, dataDir, bucket: { list: () => bucket.list('') } });

    const made = await backup(target(await templateDatabase(source), source), folder('atende-backups-'));
    const manifest = JSON.parse(readFileSync(join(made, 'manifest.json'), 'utf8'));
    expect(manifest.files).toEqual({ listing: 'bucket.json', count: 2 });
    const listing = JSON.parse(readFileSync(join(made, 'bucket.json'), 'utf8')) as { key: string; size: number }[];
    expect(listing.map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'company1/media/kept.txt', size: 4 },
      { key: 'company1/media/lost.txt', size: 4 },
    ]);

    await bucket.remove('company1/media/lost.txt');
    const fresh = folder('atende-restore-');
    const restored = await restore(target(await emptyDatabase(fresh), fresh), made, { force: false });
    expect(restored.missingFromBucket).toEqual(['company1/media/lost.txt']);

    // without the bucket's settings the listing has nowhere to be checked: refused before anything is written
    const elsewhere = folder('atende-restore-');
    await expect(restore({ database: await emptyDatabase(elsewhere), dataDir: elsewhere }, made, { force: false })).rejects.toThrow(/STORAGE_DRIVER=s3/);
  }, 120_000);
});
