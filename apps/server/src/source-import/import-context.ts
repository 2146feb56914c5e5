// What every table's step of an import works with: the batch's transaction, the source, the id
// map and the problem list (issue 39 points 1 and 2).
import type { Tx } from '../db/client.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import type { Storage } from '../platform/storage.ts';
import type { SourceDatabase, SourceRow } from './source-database.repo.ts';
import { mappedIds, recordMappedIds, type MappedId } from './source-import.repo.ts';
import { repairText, text } from './source-rows.rules.ts';

export type Problem = { table: string; sourceId: string; problem: string };

export type ImportContext = {
  tx: Tx;
  source: string;
  sourceDb: SourceDatabase;
  sourceTables: ReadonlySet<string>;
  storage: Storage;
  mediaDir: string | null;
  // seals the keys companies gave (prompts, integrations), as the product keeps them
  secrets: SecretBox;
  report: (problem: Problem) => void;
};

export type ImportStep = (context: ImportContext, rows: SourceRow[]) => Promise<number>;

export const idsOf = (context: ImportContext, entity: string, sourceIds: Array<string | null>) =>
  mappedIds(context.tx, context.source, entity, sourceIds.filter((id): id is string => id !== null && id !== ''));

export const recordIds = (context: ImportContext, entity: string, rows: Array<{ sourceId: string } & MappedId>) =>
  recordMappedIds(context.tx, context.source, entity, rows);

export const targetOf = (map: ReadonlyMap<string, MappedId>, sourceId: unknown) =>
  sourceId === null || sourceId === undefined ? null : (map.get(String(sourceId))?.targetId ?? null);

// Text of a source column, with a wrong encoding turned back where it can be and reported.
export const cleanText = (context: ImportContext, table: string, row: SourceRow, column: string, fallback = '') => {
  const repaired = repairText(text(row, column, fallback));
  if (repaired.problem) {
    const what = repaired.problem === 'repaired' ? 'text in a wrong encoding was repaired' : 'text in a broken encoding was kept as it is';
    context.report({ table, sourceId: text(row, 'id'), problem: `${column}: ${what}` });
  }
  return repaired.text;
};

// The rows of a batch not imported by an earlier run, with their source ids.
export const newRows = async (context: ImportContext, entity: string, rows: SourceRow[]) => {
  const done = await idsOf(context, entity, rows.map((row) => text(row, 'id')));
  return rows.filter((row) => !done.has(text(row, 'id')));
};
