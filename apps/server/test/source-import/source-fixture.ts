// A whaticket-family source database for import tests (issue 39): a new database on the machine's
// PostgreSQL server (TEST_SOURCE_DATABASE_URL names another), built from a fixture of the fork's
// schema with its sample rows, and a public/ folder with the media files the rows name.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { sourceImportIds } from '../../src/db/schema.ts';
import { createSecretBox } from '../../src/platform/secret-box.ts';
import { createObjectStore, createStorage } from '../../src/platform/storage.ts';
import { runImport, type ImportOptions } from '../../src/source-import/source-import.service.ts';
import { dropServerDatabase, onServer, uniqueDatabaseName, withDatabaseName } from '../helpers/database-template.ts';
import type { TestApp } from '../helpers/test-app.ts';

export type SourceFixture = 'ticketz' | 'whaticket-saas';

export const serverUrl = process.env.TEST_SOURCE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// the bytes of a small JPEG, an OGG header and a PDF: enough for storage to keep their types
export const mediaFiles: Record<SourceFixture, Record<string, Buffer>> = {
  ticketz: { 'company2/foto-bolo.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]) },
  'whaticket-saas': {
    '1682931720000.ogg': Buffer.from('OggS\u0000\u0002 small voice note'),
    'tabela.pdf': Buffer.from('%PDF-1.4\n%%EOF\n'),
    // the connection's greeting photo and a schedule's
    'boas-vindas.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
    'revisao.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
    // a file list's files, in the folder of their list
    'fileList/1/precos.pdf': Buffer.from('%PDF-1.4\n%%EOF\n'),
    'fileList/1/fachada.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
  },
};

export const createSource = async (fixture: SourceFixture) => {
  const name = uniqueDatabaseName('source_import');
  await onServer(serverUrl, `create database ${name}`);
  // the fixtures' times carry no offset: read as UTC whatever the server's own time zone
  await onServer(serverUrl, `alter database ${name} set timezone to 'UTC'`);
  const url = withDatabaseName(serverUrl, name);
  const sql = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };
  await sql(await readFile(new URL(`./fixtures/${fixture}.sql`, import.meta.url), 'utf8'));
  const mediaDir = mkdtempSync(join(tmpdir(), 'source-public-'));
  for (const [path, bytes] of Object.entries(mediaFiles[fixture])) {
    mkdirSync(join(mediaDir, ...path.split('/').slice(0, -1)), { recursive: true });
    writeFileSync(join(mediaDir, ...path.split('/')), bytes);
  }
  // every table's rows in one digest each: what an import that only reads leaves as it found it
  const fingerprint = async () => {
    const tables = await sql(`select table_name as name from information_schema.tables where table_schema = current_schema() order by 1`);
    const digests: Record<string, unknown> = {};
    for (const { name } of tables) {
      const [row] = await sql(`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${pg.escapeIdentifier(String(name))} t`);
      digests[String(name)] = row.digest;
    }
    return digests;
  };
  return {
    url,
    mediaDir,
    sql,
    fingerprint,
    drop: async () => {
      rmSync(mediaDir, { recursive: true, force: true });
      await dropServerDatabase(serverUrl, name);
    },
  };
};

// Imports the source into the test app's database and storage under a source name, and finds
// where a source record landed.
export const importerOf = (t: TestApp, source: { url: string; mediaDir: string }, sourceName: string) => ({
  run: (options: Partial<ImportOptions> = {}) =>
    runImport({
      db: t.db,
      storage: createStorage(createObjectStore({ driver: 'local' }, t.config.publicDir)),
      secrets: createSecretBox(t.config.secretsKey),
      from: source.url,
      mediaDir: source.mediaDir,
      dryRun: false,
      sourceName,
      ...options,
    }),
  idOf: async (entity: string, sourceId: string) => {
    const [row] = await t.db
      .select({ targetId: sourceImportIds.targetId })
      .from(sourceImportIds)
      .where(and(eq(sourceImportIds.source, sourceName), eq(sourceImportIds.entity, entity), eq(sourceImportIds.sourceId, sourceId)));
    return row?.targetId;
  },
});
