// A backup is one folder, atende-backup-<UTC timestamp>/, holding the database's dump, the stored
// files (DATA_DIR/public copied as it is) or, when they are in a bucket, the bucket's listing (the
// bucket's own versioning and replication keep the files; docs/deploy.md), the development secrets
// when the server generated them (the key that stored AI keys are encrypted with is among them),
// and manifest.json saying which of these it holds. A restore puts them back into a fresh database
// and a fresh data folder, and names the listed files the bucket no longer has.
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { dumpDatabase, restoreDatabase, type DatabaseLocation } from '../db/backup.ts';
import type { ObjectEntry } from '../platform/storage.ts';

const MANIFEST_FILE = 'manifest.json';
const FILES_FOLDER = 'public';
const SECRETS_FILE = 'secrets.json';
const BUCKET_LISTING_FILE = 'bucket.json';
const FORMAT = 1;

type Manifest = {
  format: number;
  createdAt: string;
  database: { kind: 'postgres' | 'pglite'; file: string };
  // the stored files' folder and how many files it holds, or the listing of the bucket they are in
  files: { folder: string; count: number } | { listing: string; count: number };
  secrets: boolean;
};

// bucket: the store's objects when the files are kept in a bucket (STORAGE_DRIVER=s3)
export type BackupTarget = { database: DatabaseLocation; dataDir: string; bucket?: { list: () => AsyncIterable<ObjectEntry> } };

export type Restored = { manifest: Manifest; missingFromBucket: string[] };

const listBucket = async (bucket: NonNullable<BackupTarget['bucket']>) => {
  const entries: ObjectEntry[] = [];
  for await (const entry of bucket.list()) entries.push(entry);
  return entries;
};

const countFiles = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0;

// 2026-11-28T18:30:05.123Z -> 20261128T183005Z: sorts by time and is a valid name everywhere
const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

export const backup = async (target: BackupTarget, into: string, now = new Date()): Promise<string> => {
  const folder = resolve(into, `atende-backup-${stamp(now)}`);
  await mkdir(folder, { recursive: true });
  if (readdirSync(folder).length > 0) throw new Error(`${folder} already exists and is not empty`);
  const databaseFile = await dumpDatabase(target.database, folder);
  let files: Manifest['files'];
  if (target.bucket) {
    const entries = await listBucket(target.bucket);
    await writeFile(join(folder, BUCKET_LISTING_FILE), `${JSON.stringify(entries, null, 1)}\n`);
    files = { listing: BUCKET_LISTING_FILE, count: entries.length };
  } else {
    const publicDir = join(target.dataDir, 'public');
    if (existsSync(publicDir)) await cp(publicDir, join(folder, FILES_FOLDER), { recursive: true });
    files = { folder: FILES_FOLDER, count: countFiles(join(folder, FILES_FOLDER)) };
  }
  const secretsFile = join(target.dataDir, SECRETS_FILE);
  const secrets = existsSync(secretsFile);
  if (secrets) await cp(secretsFile, join(folder, SECRETS_FILE));
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: now.toISOString(),
    database: { kind: 'url' in target.database ? 'postgres' : 'pglite', file: databaseFile },
    files,
    secrets,
  };
  // written last: a folder without it is a backup that did not finish
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return folder;
};

export const restore = async (target: BackupTarget, from: string, options: { force: boolean }): Promise<Restored> => {
  const folder = resolve(from);
  const manifestFile = join(folder, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new Error(`${folder} has no ${MANIFEST_FILE}: not a backup, or one that did not finish`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new Error(`backup format ${manifest.format} is not one this version reads (${FORMAT})`);
  const publicDir = join(target.dataDir, 'public');
  // both targets are checked before either is written, so a refusal leaves nothing half restored
  if (countFiles(publicDir) > 0 && !options.force) throw new Error(`${publicDir} holds files; restore into a fresh DATA_DIR, or pass --force`);
  if ('listing' in manifest.files && !target.bucket) throw new Error('this backup lists files kept in a bucket; set STORAGE_DRIVER=s3 and the S3_* settings of that bucket');
  await restoreDatabase(target.database, folder, manifest.database.file, options.force);
  let missingFromBucket: string[] = [];
  if ('listing' in manifest.files && target.bucket) {
    const listed = JSON.parse(await readFile(join(folder, manifest.files.listing), 'utf8')) as ObjectEntry[];
    const present = new Set((await listBucket(target.bucket)).map((entry) => entry.key));
    missingFromBucket = listed.map((entry) => entry.key).filter((key) => !present.has(key));
  } else if ('folder' in manifest.files) {
    const backedUpFiles = join(folder, manifest.files.folder);
    if (existsSync(backedUpFiles)) await cp(backedUpFiles, publicDir, { recursive: true, force: true });
  }
  if (manifest.secrets) await cp(join(folder, SECRETS_FILE), join(target.dataDir, SECRETS_FILE));
  return { manifest, missingFromBucket };
};
