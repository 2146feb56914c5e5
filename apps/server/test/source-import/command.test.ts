// Issue 39 point 1 and bad input: `npm run import:whaticket` as an operator runs it — one command
// that prints a progress bar per source table and a summary at the end, names the damage by source
// id, says by its exit code whether problems were reported, and refuses a source it cannot read
// with a clear message before anything is written. Its storage here is an S3 bucket (s3rver, a real
// S3-protocol server on loopback); the other import tests use the local folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createS3Objects } from '../../src/platform/storage-s3.ts';
import { dropServerDatabase, onServer, uniqueDatabaseName, withDatabaseName } from '../helpers/database-template.ts';
import { startS3Server } from '../storage/support/s3-server.ts';
import { createSource, serverUrl } from './source-fixture.ts';

const root = resolve(import.meta.dirname, '../../../..');

let source: Awaited<ReturnType<typeof createSource>>;
let targetName: string;
let targetUrl: string;
let dataDir: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;

type CommandRun = { code: number; stdout: string; stderr: string };

// the command in a process of its own, its target a PostgreSQL database of the test's
const importCommand = (args: string[], storageEnv: NodeJS.ProcessEnv = {}) =>
  new Promise<CommandRun>((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...storageEnv, NODE_ENV: 'development', DATABASE_URL: targetUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.REDIS_URL;
    execFile(process.execPath, ['--import', 'tsx', 'apps/server/src/source-import/main.ts', ...args], { cwd: root, env }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });

// what the terminal ends up showing: a progress bar is redrawn in place after a carriage return
const shownLines = (output: string) => output.split('\n').map((line) => line.split('\r').at(-1) ?? '');

const onTarget = async (statement: string) => {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(statement);
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
};
const importedIds = () => onTarget('select count(*) as count from source_import_ids');

beforeAll(async () => {
  s3 = await startS3Server();
  source = await createSource('whaticket-saas');
  await source.sql(`insert into "Messages" (id, body, "ticketId", "fromMe", "companyId", "createdAt", "updatedAt") values ('BAE5X1', 'sem ticket', 999, false, 2, now(), now())`);
  targetName = uniqueDatabaseName('source_import_target');
  await onServer(serverUrl, `create database ${targetName}`);
  targetUrl = withDatabaseName(serverUrl, targetName);
  dataDir = mkdtempSync(join(tmpdir(), 'source-import-target-'));
});

afterAll(async () => {
  await source?.drop();
  if (targetName) await dropServerDatabase(serverUrl, targetName);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await s3?.close();
});

describe('issue 39: the import command', () => {
  it('issue 39 bad input: a source it cannot read is a clear error, exit 1, before anything is written', async () => {
    const unreachable = await importCommand(['--from', 'postgres://postgres@127.0.0.1:9/whaticket', '--media', source.mediaDir]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^cannot read the source database: /);
    expect(unreachable.stdout).toBe('');

    // the server's own database: reachable, and not of the whaticket family
    const notWhaticket = await importCommand(['--from', serverUrl, '--media', source.mediaDir]);
    expect(notWhaticket.code).toBe(1);
    expect(notWhaticket.stderr).toMatch(/^not a whaticket or ticketz database: no Companies, Users, Contacts, Tickets, Messages, Whatsapps table/m);
    // the target was not even migrated
    expect(await onTarget(`select count(*) as count from information_schema.tables where table_schema = 'public'`)).toBe(0);

    const withoutSource = await importCommand(['--media', source.mediaDir]);
    expect(withoutSource.code).toBe(1);
    expect(withoutSource.stderr).toMatch(/^usage: import:whaticket -- --from postgres:/);
  });

  it('issue 39 point 1: prints a progress bar per source table and a summary with what was skipped and the problems by source id, exit 2 when there are problems', async () => {
    const run = await importCommand(['--from', source.url, '--media', source.mediaDir, '--source-name', 'old-saas'], s3.env);
    // no warning of misuse and no error (the S3 client may print a notice of the Node versions it will need)
    expect(run.stderr).not.toMatch(/DeprecationWarning|Error/);
    expect(run.code).toBe(2);
    const lines = shownLines(run.stdout);
    // a full bar for each table the source has, with what was read of it and what went in
    expect(lines).toEqual(expect.arrayContaining([`${'Messages'.padEnd(20)} [${'#'.repeat(30)}] 4/4 read, 3 imported`, `${'Chatbots'.padEnd(20)} [${'#'.repeat(30)}] 3/3 read, 3 imported`]));
    const bars = lines.filter((line) => / \[#+\] \d+\/\d+ read, \d+ imported$/.test(line)).map((line) => line.split(' ')[0]);
    expect(bars).toEqual(expect.arrayContaining(['Plans', 'Companies', 'Whatsapps', 'Users', 'Contacts', 'Tickets', 'Messages', 'MessageQuotes', 'Files', 'FilesOptions']));

    const summary = lines.slice(lines.indexOf('import of whaticket-saas 20230801081907-add-collumns-to-ticket as source "old-saas"'));
    expect(summary[0]).toBe('import of whaticket-saas 20230801081907-add-collumns-to-ticket as source "old-saas"');
    expect(summary).toEqual(
      expect.arrayContaining([
        `  ${'Messages'.padEnd(20)} 4 read, 3 imported`,
        'skipped:',
        '  ContactTags: not in this version of the source',
        '  Baileys: not part of what an import carries (campaigns, internal chat, announcements, invoices and the like start afresh)',
        '1 problems',
        '  Messages BAE5X1: its ticket 999 is missing',
      ]),
    );
    expect(await importedIds()).toBeGreaterThan(0);

    // the media went to the bucket: the voice note, the quick message's table, the file list's two
    // files, the schedule's photo and the connection's greeting photo
    const keys: string[] = [];
    for await (const entry of createS3Objects(s3.storage).list('')) keys.push(entry.key);
    expect(keys.map((key) => key.slice(key.lastIndexOf('.'))).sort()).toEqual(['.jpg', '.jpg', '.jpg', '.ogg', '.pdf', '.pdf']);
  });
});
