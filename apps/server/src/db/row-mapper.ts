// Rows of a statement read as arrays, turned into the objects Drizzle's selects give, by a mapper
// built once per statement. Drizzle's own mapping works out for every cell of every row which
// kind of field it is, where in the object it goes and whether its object came from a missing
// joined row; on the ticket list's pages (about 40 rows of 50 columns) that was a seventh of the
// server's CPU (docs/benchmarks.md). Here that is worked out once, and a row only decodes its cells.
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };

type Field = SelectedFieldsOrdered[number]['field'];

const decoderOf = (field: Field): Decoder => {
  if (is(field, Column)) return field;
  // an SQL expression's decoder (its mapWith) is outside Drizzle's types
  const expression = is(field, SQL) ? field : is(field, Subquery) ? field._.sql : field.sql;
  return (expression as unknown as { decoder: Decoder }).decoder;
};

// A key of the row's object: a cell (its index in the array) or a nested object of its own keys.
type Node = { key: string; cell: number; decoder: Decoder } | { key: string; children: Node[]; nullWhenNull?: number };

const treeOf = (fields: SelectedFieldsOrdered): Node[] => {
  const root: Node[] = [];
  fields.forEach(({ path, field }, cell) => {
    let level = root;
    for (const key of path.slice(0, -1)) {
      let node = level.find((child) => child.key === key);
      if (!node || !('children' in node)) {
        node = { key, children: [] };
        level.push(node);
      }
      level = node.children;
    }
    level.push({ key: path[path.length - 1], cell, decoder: decoderOf(field) });
  });
  return root;
};

// Drizzle's rule for a left join's row that is missing: an object of the selection whose columns
// all come from one table that may be missing is null when its first column is.
const markMissingJoins = (root: Node[], fields: SelectedFieldsOrdered, tablesMaybeMissing: ReadonlySet<string>) => {
  for (const node of root) {
    if (!('children' in node)) continue;
    const cells = fields.flatMap(({ path, field }, cell) => (path.length === 2 && path[0] === node.key && is(field, Column) ? [{ cell, table: getTableName(field.table) }] : []));
    const [first] = cells;
    if (first && tablesMaybeMissing.has(first.table) && cells.every(({ table }) => table === first.table)) node.nullWhenNull = first.cell;
  }
};

const build = (nodes: Node[], row: unknown[]) => {
  const built: Record<string, unknown> = {};
  for (const node of nodes) {
    if ('cell' in node) {
      const value = row[node.cell];
      built[node.key] = value === null ? null : node.decoder.mapFromDriverValue(value);
    } else {
      built[node.key] = node.nullWhenNull !== undefined && row[node.nullWhenNull] === null ? null : build(node.children, row);
    }
  }
  return built;
};

export const rowMapper = <Row>(fields: SelectedFieldsOrdered, tablesMaybeMissing: ReadonlySet<string> = new Set()) => {
  const root = treeOf(fields);
  markMissingJoins(root, fields, tablesMaybeMissing);
  return (rows: unknown[][]): Row[] => rows.map((row) => build(root, row) as Row);
};
