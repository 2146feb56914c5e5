// The source database of an import (issue 39), only ever read: the session is read-only, and a
// table is read a page at a time after the last key read, so memory does not grow with its size.
import pg from 'pg';
import type { SourceColumns, SourceTable } from './source-schema.rules.ts';

export type SourceRow = Record<string, unknown>;

export class SourceUnreachable extends Error {}

const quoted = (name: string) => pg.escapeIdentifier(name);

export type SourceDatabase = Awaited<ReturnType<typeof openSourceDatabase>>;

const whereAfter = ({ key, onlyWhere }: SourceTable, after: readonly unknown[] | null) => {
  const keyList = key.map(quoted).join(', ');
  const conditions = [...(after ? [`(${keyList}) > (${key.map((_, i) => `$${i + 1}`).join(', ')})`] : []), ...(onlyWhere ? [onlyWhere] : [])];
  return conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
};

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
    // the rows after `after` (the key of the last row read), or all of them
    count: async (table: SourceTable, after: readonly unknown[] | null = null) => {
      const { rows } = await client.query<{ count: string }>(`select count(*) as count from ${quoted(table.table)} ${whereAfter(table, after)}`, after ? [...after] : []);
      return Number(rows[0].count);
    },
    // the rows after `after` in the order of the table's key: each page is found through the
    // key's index, however far into the table it is
    page: async (table: SourceTable, after: readonly unknown[] | null, limit: number): Promise<SourceRow[]> => {
      const { rows } = await client.query<SourceRow>(
        `select * from ${quoted(table.table)} ${whereAfter(table, after)} order by ${table.key.map(quoted).join(', ')} limit ${Number(limit)}`,
        after ? [...after] : [],
      );
      return rows;
    },
    // which of these values a column holds (the rows a page points to, for a dry run)
    presentValues: async (table: string, column: string, values: readonly unknown[]): Promise<Set<string>> => {
      if (values.length === 0) return new Set();
      const { rows } = await client.query<{ value: unknown }>(`select distinct ${quoted(column)} as value from ${quoted(table)} where ${quoted(column)} = any($1)`, [values]);
      return new Set(rows.map((row) => String(row.value)));
    },
    // the first contact of each of these companies' phone numbers, compared by their digits
    firstContactsByNumber: async (companyIds: readonly unknown[], numbers: readonly string[]): Promise<Map<string, string>> => {
      if (numbers.length === 0) return new Map();
      const { rows } = await client.query<{ company: unknown; digits: string; first: unknown }>(
        `select "companyId" as company, regexp_replace(number, '\\D', '', 'g') as digits, min(id) as first from "Contacts"
          where "companyId" = any($1) and regexp_replace(number, '\\D', '', 'g') = any($2) group by 1, 2`,
        [companyIds, numbers],
      );
      return new Map(rows.map((row) => [`${String(row.company)}:${row.digits}`, String(row.first)]));
    },
    rowsWhere: async (table: string, column: string, values: readonly unknown[]): Promise<SourceRow[]> => {
      if (values.length === 0) return [];
      const { rows } = await client.query<SourceRow>(`select * from ${quoted(table)} where ${quoted(column)} = any($1)`, [values]);
      return rows;
    },
    close: () => client.end(),
  };
};
