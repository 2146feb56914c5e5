// Statements on the hottest paths (every inbound message), built once. Drizzle builds a
// statement's SQL from its query builder on every call, and while the server ingests messages
// that building is about a third of its CPU (docs/benchmarks.md). A statement here is built the
// first time it runs, with placeholders for its values, and then sent as it is on whatever handle
// runs it: the pool or a transaction's connection. On a PostgreSQL server it is also a named
// prepared statement, parsed once per connection.
import { getTableColumns, is, SQL, sql, Subquery, type Query } from 'drizzle-orm';
import { PgColumn, PgDialect, PgTable, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';
import { rowMapper } from './row-mapper.ts';

// What a statement selects or returns: columns, expressions, or whole tables under a key, as in db.select({...}).
type Selection = Record<string, PgColumn | PgTable | SQL>;

type Buildable = { toSQL: () => Query; execute: () => Promise<unknown[]> };
type RowOf<B extends Buildable> = Awaited<ReturnType<B['execute']>>[number];

// A selection's fields in the order the statement selects them, each with its place in the row's
// object: a column or an SQL expression, a table's columns, or a nested object of either.
const orderedFields = (selection: object, path: string[] = []): SelectedFieldsOrdered =>
  Object.entries(selection).flatMap(([key, value]: [string, unknown]) => {
    if (is(value, PgColumn) || is(value, SQL) || is(value, SQL.Aliased) || is(value, Subquery)) return [{ path: [...path, key], field: value }];
    return orderedFields(is(value, PgTable) ? getTableColumns(value) : (value as object), [...path, key]);
  });

type Run<Row> = (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]>;

const run = <Row>(db: DbOrTx, query: Query, mapRows: (rows: unknown[][]) => Row[], name: string, values: Record<string, unknown>) =>
  db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(query, undefined, name, true, mapRows).execute(values);

// `build` writes the statement with sql.placeholder(name) for each value; it must select exactly
// `selection` (a table's rows: db.select() or .returning(); or db.select(selection)) and join no
// table that can be missing (a select with left joins: preparedSelect).
export function preparedStatement<T extends PgTable>(name: string, selection: T, build: (db: DbOrTx) => { toSQL: () => Query }): Run<T['$inferSelect']>;
export function preparedStatement<B extends Buildable>(name: string, selection: Selection, build: (db: DbOrTx) => B): Run<RowOf<B>>;
export function preparedStatement(name: string, selection: PgTable | Selection, build: (db: DbOrTx) => { toSQL: () => Query }): Run<unknown> {
  const mapRows = rowMapper(is(selection, PgTable) ? orderedFields(getTableColumns(selection)) : orderedFields(selection));
  let query: Query | undefined;
  return (db, values) => {
    query ??= build(db).toSQL();
    return run(db, query, mapRows, name, values);
  };
}

type Select = Buildable & { _: { config: { fields: Record<string, unknown> } } };

// A select written with Drizzle's query builder, left joins allowed, prepared on the handle it
// was built on with the row mapper instead of Drizzle's .prepare(): named as above, or '' for
// PostgreSQL's unnamed statement, parsed and planned with each run.
export const preparedSelect = <S extends Select>(db: DbOrTx, select: S, name: string) => {
  // which joined tables a row may lack: Drizzle keeps it on the builder, outside its types
  const { joinsNotNullableMap } = select as unknown as { joinsNotNullableMap: Record<string, boolean> };
  const maybeMissing = new Set(Object.entries(joinsNotNullableMap).flatMap(([table, present]) => (present ? [] : [table])));
  const mapRows = rowMapper<RowOf<S>>(orderedFields(select._.config.fields), maybeMissing);
  return db._.session.prepareQuery<{ execute: RowOf<S>[]; all: unknown; values: unknown }>(select.toSQL(), undefined, name, true, mapRows);
};

const dialect = new PgDialect();

// A statement Drizzle's builders cannot write (a multi-row insert from arrays of values), in SQL
// with sql.placeholder(name) for each value, prepared the same way. It must select exactly
// `selection`'s columns in their order: columnsOf(table, alias) for each table.
export const preparedSql = <Row>(name: string, selection: Selection, statement: SQL): Run<Row> => {
  const mapRows = rowMapper<Row>(orderedFields(selection));
  const query = dialect.sqlToQuery(statement);
  return (db, values) => run(db, query, mapRows, name, values);
};

export const columnsOf = (table: PgTable, alias: string) =>
  sql.join(
    Object.values(getTableColumns(table)).map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`),
    sql`, `,
  );

// Rows handed to a prepared statement as one array per column, so that one statement, prepared
// once, writes any number of them: each array's key, its column and the column's SQL type.
export type ArrayColumn<K extends string = string> = { key: K; column: string; type: string };

export const arrayColumnsOf = <T extends PgTable, K extends keyof T['_']['columns'] & string>(table: T, keys: readonly K[]): ArrayColumn<K>[] => {
  const columns = getTableColumns(table);
  return keys.map((key) => ({ key, column: columns[key].name, type: columns[key].getSQLType() }));
};

export const columnNames = (columns: ArrayColumn[]) =>
  sql.join(
    columns.map(({ column }) => sql.identifier(column)),
    sql`, `,
  );

// The rows as a table named `alias`, their columns by name and `ord`, their place in the arrays.
export const unnestRows = (alias: string, columns: ArrayColumn[]) =>
  sql`unnest(${sql.join(
    columns.map(({ key, type }) => sql`${sql.placeholder(key)}::${sql.raw(type)}[]`),
    sql`, `,
  )}) with ordinality as ${sql.identifier(alias)}(${columnNames(columns)}, ord)`;

// The statement's values for these rows: each column's array.
export const columnArrays = <K extends string>(columns: ArrayColumn<K>[], rows: Record<K, unknown>[]) =>
  Object.fromEntries(columns.map(({ key }) => [key, rows.map((row) => row[key])]));
