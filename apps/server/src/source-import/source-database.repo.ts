// The source database of an import (issue 39), only ever read: the session is read-only, and a
// table is read a page at a time after the last key read, so memory does not grow with its size.
import pg from 'pg';
import type { SourceColumns, SourceTable } from './source-schema.rules.ts';

export type SourceRow = Record<string, unknown>;

export class SourceUnreachable extends Error {}

const quoted = (name: string) => pg.escapeIdentifier(name);

export type SourceDatabase = Awaited<ReturnType<typeof openSourceDatabase>>;

export const openSourceDatabase = async (url: string) => {
  const client = new pg.Client({ connectionString: url, application_name: 'atende-import' });
  // a dropped connection surfaces on the next query; without a listener it would end the process
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('set session characteristics as transaction read only');
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new SourceUnreachable(`cannot read the source database: ${error instanceof Error ? error.message : String(error)}`);
  }

  return {
    columns: async (): Promise<SourceColumns> => {
      const { rows } = await client.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
      );
      const columns = new Map<string, Set<string>>();
      for (const row of rows) {
        const set = columns.get(row.table_name) ?? new Set<string>();
        set.add(row.column_name);
        columns.set(row.table_name, set);
      }
      return columns;
    },
    lastMigration: async (): Promise<string | undefined> => {
      const { rows } = await client.query<{ name: string }>(`select name from "SequelizeMeta" order by name desc limit 1`).catch(() => ({ rows: [] }));
      return rows[0]?.name;
    },
    count: async ({ table, onlyWhere }: SourceTable) => {
      const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${quoted(table)} ${onlyWhere ? `where ${onlyWhere}` : ''}`);
      return Number(rows[0].count);
    },
    // the rows after `after` (the key of the last row read) in the order of the table's key
    page: async ({ table, key, onlyWhere }: SourceTable, after: readonly unknown[] | null, limit: number): Promise<SourceRow[]> => {
      const keyList = key.map(quoted).join(', ');
      const conditions = [...(after ? [`(${keyList}) > (${key.map((_, i) => `$${i + 1}`).join(', ')})`] : []), ...(onlyWhere ? [onlyWhere] : [])];
      const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
      const { rows } = await client.query<SourceRow>(
        `select * from ${quoted(table)} ${where} order by ${keyList} limit ${Number(limit)}`,
        after ? [...after] : [],
      );
      return rows;
    },
    rowsWhere: async (table: string, column: string, values: readonly unknown[]): Promise<SourceRow[]> => {
      if (values.length === 0) return [];
      const { rows } = await client.query<SourceRow>(`select * from ${quoted(table)} where ${quoted(column)} = any($1)`, [values]);
      return rows;
    },
    close: () => client.end(),
  };
};
