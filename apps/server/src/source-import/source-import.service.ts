// An import from a whaticket-family database (issue 39): each source table in dependency order,
// a page at a time, each page in one transaction with its id-map rows and its progress, so a stop
// loses nothing, a second run continues where the first stopped, and nothing is doubled.
import type { Db, DbOrTx } from '../db/client.ts';
import { withTransaction } from '../db/transaction.ts';
import { isRowRefused } from '../platform/db-errors.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import type { Storage } from '../platform/storage.ts';
import { aiSteps } from './ai.steps.ts';
import { conversationSteps, quotesStep } from './conversation.steps.ts';
import type { ImportStep, Problem } from './import-context.ts';
import { historySteps } from './history.steps.ts';
import { outreachSteps } from './outreach.steps.ts';
import { setupSteps } from './setup.steps.ts';
import { openSourceDatabase, type SourceDatabase, type SourceRow } from './source-database.repo.ts';
import { readProgress, restartProgress, saveProgress } from './source-import.repo.ts';
import { describeSource, stepNameOf, type ImportPlan, type PlannedTable } from './source-schema.rules.ts';

export type ImportOptions = {
  db: Db;
  storage: Storage;
  secrets: SecretBox;
  // the source database's address; it is only read
  from: string;
  // the source's public/ folder, where its media files are
  mediaDir: string | null;
  dryRun: boolean;
  // names the source in the id map; by default its host, port and database name
  sourceName?: string;
  batchSize?: number;
  // after each page committed (a dry run: after each page read)
  onProgress?: (progress: TableProgress) => void | Promise<void>;
};

export type TableProgress = { step: string; read: number; total: number; imported: number; finished: boolean };
export type ImportSummary = ImportPlan & {
  source: string;
  dryRun: boolean;
  steps: Array<{ step: string; read: number; imported: number }>;
  problems: Problem[];
  problemCount: number;
};

const DEFAULT_BATCH = 1000;
// the summary names this many problems; the count says how many there were
const PROBLEMS_LISTED = 1000;

const steps: Record<string, ImportStep> = { ...setupSteps, ...conversationSteps, MessageQuotes: quotesStep, ...outreachSteps, ...aiSteps, ...historySteps };

class DryRunFinished extends Error {}

export const sourceNameOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
};

const refusal = (error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
};

const keyOf = (table: PlannedTable, row: SourceRow) => JSON.stringify(table.key.map((column) => row[column]));

const importTables = async (db: DbOrTx, sourceDb: SourceDatabase, plan: ImportPlan, options: ImportOptions & { source: string }) => {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const sourceTables = new Set((await sourceDb.columns()).keys());
  const progress = await readProgress(db, options.source);
  const problems: Problem[] = [];
  let problemCount = 0;
  const summary: ImportSummary['steps'] = [];
  for (const table of plan.tables) {
    const step = stepNameOf(table);
    const total = await sourceDb.count(table);
    // a stopped run continues after the last key it committed; a finished table is read again
    // whole, since rows added at the source since may sort anywhere (string ids), and what was
    // imported is recognised by its source id
    const before = progress.get(step);
    const resume = before && !before.finishedAt && before.lastKey ? before : null;
    if (before?.finishedAt) await restartProgress(db, options.source, step);
    let after = resume ? (JSON.parse(resume.lastKey as string) as unknown[]) : null;
    let read = resume?.rows ?? 0;
    let imported = 0;
    for (;;) {
      const rows = await sourceDb.page(table, after, batchSize);
      const finished = rows.length < batchSize;
      const found: Problem[] = [];
      if (rows.length > 0) {
        const lastKey = keyOf(table, rows[rows.length - 1]);
        const importPage = (pageRows: SourceRow[], report: (problem: Problem) => void, save: boolean) =>
          withTransaction(db, async (tx) => {
            const context = { tx, source: options.source, sourceDb, sourceTables, storage: options.dryRun ? null : options.storage, mediaDir: options.mediaDir, secrets: options.secrets, report };
            const count = await steps[step](context, pageRows);
            if (save) await saveProgress(tx, options.source, step, lastKey, rows.length, finished);
            return count;
          });
        try {
          imported += await importPage(rows, (p) => found.push(p), true);
        } catch (error) {
          if (!isRowRefused(error)) throw error;
          // a row the database refuses costs only itself: the page again, a row at a time
          found.length = 0;
          for (const row of rows) {
            const rowProblems: Problem[] = [];
            try {
              imported += await importPage([row], (p) => rowProblems.push(p), false);
              found.push(...rowProblems);
            } catch (rowError) {
              if (!isRowRefused(rowError)) throw rowError;
              found.push({ table: table.table, sourceId: table.key.map((column) => String(row[column])).join(':'), problem: `not imported: ${refusal(rowError)}` });
            }
          }
          await saveProgress(db, options.source, step, lastKey, rows.length, finished);
        }
        after = JSON.parse(lastKey) as unknown[];
        read += rows.length;
      } else {
        await saveProgress(db, options.source, step, null, 0, true);
      }
      // a page's problems count once it is in: a page rolled back is read again by the next run
      problemCount += found.length;
      problems.push(...found.slice(0, Math.max(0, PROBLEMS_LISTED - problems.length)));
      await options.onProgress?.({ step, read, total, imported, finished });
      if (finished) break;
    }
    summary.push({ step, read, imported });
  }
  return { ...plan, source: options.source, dryRun: options.dryRun, steps: summary, problems, problemCount };
};

// Throws SourceUnreachable (wrong address or password) or NotAWhaticketDatabase before writing.
export const runImport = async (options: ImportOptions): Promise<ImportSummary> => {
  const sourceDb = await openSourceDatabase(options.from);
  try {
    const plan = describeSource(await sourceDb.columns(), await sourceDb.lastMigration());
    const run = { ...options, source: options.sourceName ?? sourceNameOf(options.from) };
    if (!options.dryRun) return await importTables(options.db, sourceDb, plan, run);
    // a dry run is a real run inside one transaction that is rolled back, so its counts and
    // problems are the real ones; media files are only looked for
    let summary: ImportSummary | undefined;
    await withTransaction(options.db, async (tx) => {
      summary = await importTables(tx, sourceDb, plan, run);
      throw new DryRunFinished();
    }).catch((error: unknown) => {
      if (!(error instanceof DryRunFinished)) throw error;
    });
    return summary as ImportSummary;
  } finally {
    await sourceDb.close();
  }
};
