// An import from a whaticket-family database (issue 39): each source table in dependency order,
// a page at a time, each page in one transaction with its id-map rows and its progress, so a stop
// loses nothing, a second run continues where the first stopped without reading again what went
// in, and nothing is doubled.
import type { Db } from '../db/client.ts';
import { withTransaction } from '../db/transaction.ts';
import { isRowRefused } from '../platform/db-errors.ts';
import type { SecretBox } from '../platform/secret-box.ts';
import type { Storage } from '../platform/storage.ts';
import { aiSteps } from './ai.steps.ts';
import { conversationSteps, quotesStep } from './conversation.steps.ts';
import { checkPage } from './dry-run.checks.ts';
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
  // reads and checks the source without writing (dry-run.checks.ts)
  dryRun: boolean;
  // reads every table again from its first row, to take in what the source got since
  fromStart?: boolean;
  // names the source in the id map; by default its host, port and database name
  sourceName?: string;
  batchSize?: number;
  // after each page committed (a dry run: after each page checked)
  onProgress?: (progress: TableProgress) => void | Promise<void>;
};

export type TableProgress = { step: string; read: number; total: number; imported: number; finished: boolean };
export type ImportSummary = ImportPlan & {
  source: string;
  dryRun: boolean;
  // rows read by this run (a resumed run: after where the earlier one stopped)
  steps: Array<{ step: string; read: number; imported: number }>;
  problems: Problem[];
  problemCount: number;
};

const DEFAULT_BATCH = 1000;
// the summary names this many problems; the count says how many there were
const PROBLEMS_LISTED = 1000;

const steps: Record<string, ImportStep> = { ...setupSteps, ...conversationSteps, MessageQuotes: quotesStep, ...outreachSteps, ...aiSteps, ...historySteps };

export const sourceNameOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
};

const refusal = (error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
};

const keyOf = (table: PlannedTable, row: SourceRow) => JSON.stringify(table.key.map((column) => row[column]));

// A run continues each table after the last key an earlier run committed, a table it finished
// included (rows added there since, with later keys, come in); fromStart reads every table again
// from its first row, and what was imported is recognised by its source id.
const importTables = async (db: Db, sourceDb: SourceDatabase, plan: ImportPlan, options: ImportOptions & { source: string }) => {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const sourceTables = new Set((await sourceDb.columns()).keys());
  const progress = await readProgress(db, options.source);
  const problems = problemList();
  const summary: ImportSummary['steps'] = [];
  for (const table of plan.tables) {
    const step = stepNameOf(table);
    const before = progress.get(step);
    if (before && options.fromStart) await restartProgress(db, options.source, step);
    const earlier = options.fromStart ? undefined : before;
    let after = earlier?.lastKey ? (JSON.parse(earlier.lastKey) as unknown[]) : null;
    const earlierRows = earlier?.rows ?? 0;
    const total = earlierRows + (await sourceDb.count(table, after));
    let read = 0;
    let imported = 0;
    for (;;) {
      const rows = await sourceDb.page(table, after, batchSize);
      const finished = rows.length < batchSize;
      const found: Problem[] = [];
      if (rows.length > 0) {
        const lastKey = keyOf(table, rows[rows.length - 1]);
        const importPage = (pageRows: SourceRow[], report: (problem: Problem) => void, save: boolean) =>
          withTransaction(db, async (tx) => {
            const context = { tx, source: options.source, sourceDb, sourceTables, storage: options.storage, mediaDir: options.mediaDir, secrets: options.secrets, report };
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
      problems.add(found);
      await options.onProgress?.({ step, read: earlierRows + read, total, imported, finished });
      if (finished) break;
    }
    summary.push({ step, read, imported });
  }
  return { ...plan, source: options.source, dryRun: false, steps: summary, ...problems.summary() };
};

// A dry run reads every table a page at a time, as a real run does, and checks each page against
// the source (dry-run.checks.ts): nothing is written, and nothing is kept from page to page but
// the counts and the problems listed.
const checkTables = async (sourceDb: SourceDatabase, plan: ImportPlan, options: ImportOptions & { source: string }) => {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const problems = problemList();
  const summary: ImportSummary['steps'] = [];
  for (const table of plan.tables) {
    const step = stepNameOf(table);
    const total = await sourceDb.count(table);
    let after: unknown[] | null = null;
    let read = 0;
    let imported = 0;
    for (;;) {
      const rows = await sourceDb.page(table, after, batchSize);
      const finished = rows.length < batchSize;
      const found: Problem[] = [];
      imported += await checkPage({ sourceDb, mediaDir: options.mediaDir, report: (p) => found.push(p) }, table, rows);
      problems.add(found);
      read += rows.length;
      if (rows.length > 0) after = JSON.parse(keyOf(table, rows[rows.length - 1])) as unknown[];
      await options.onProgress?.({ step, read, total, imported, finished });
      if (finished) break;
    }
    summary.push({ step, read, imported });
  }
  return { ...plan, source: options.source, dryRun: true, steps: summary, ...problems.summary() };
};

// The problems of a run: all of them counted, the first PROBLEMS_LISTED kept.
const problemList = () => {
  const listed: Problem[] = [];
  let count = 0;
  return {
    add: (found: Problem[]) => {
      count += found.length;
      listed.push(...found.slice(0, Math.max(0, PROBLEMS_LISTED - listed.length)));
    },
    summary: () => ({ problems: listed, problemCount: count }),
  };
};

// What the source is, read and let go: throws SourceUnreachable (a wrong address or password) or
// NotAWhaticketDatabase, so the command refuses a source before it opens (or migrates) its target.
export const checkSource = async (from: string): Promise<ImportPlan> => {
  const sourceDb = await openSourceDatabase(from);
  try {
    return describeSource(await sourceDb.columns(), await sourceDb.lastMigration());
  } finally {
    await sourceDb.close();
  }
};

// Throws SourceUnreachable (wrong address or password) or NotAWhaticketDatabase before writing.
export const runImport = async (options: ImportOptions): Promise<ImportSummary> => {
  const sourceDb = await openSourceDatabase(options.from);
  try {
    const plan = describeSource(await sourceDb.columns(), await sourceDb.lastMigration());
    const run = { ...options, source: options.sourceName ?? sourceNameOf(options.from) };
    return options.dryRun ? await checkTables(sourceDb, plan, run) : await importTables(options.db, sourceDb, plan, run);
  } finally {
    await sourceDb.close();
  }
};
