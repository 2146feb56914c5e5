// What the import command prints: a progress bar per source table while it runs, then the
// summary of what came, what stayed behind and why, and the problems with their source ids.
import type { ImportSummary, TableProgress } from './source-import.service.ts';

const BAR_WIDTH = 30;

export const progressLine = ({ step, read, total, imported }: TableProgress) => {
  const share = total > 0 ? Math.min(read / total, 1) : 1;
  const filled = Math.round(share * BAR_WIDTH);
  return `${step.padEnd(20)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${read}/${total} read, ${imported} imported`;
};

export const importSummaryLines = (summary: ImportSummary) => [
  `${summary.dryRun ? 'dry run (nothing written)' : 'import'} of ${summary.family} ${summary.version} as source "${summary.source}"`,
  ...summary.steps.map(({ step, read, imported }) => `  ${step.padEnd(20)} ${read} read, ${imported} imported`),
  ...(summary.skipped.length > 0 ? ['skipped:', ...summary.skipped.map(({ table, reason }) => `  ${table}: ${reason}`)] : []),
  `${summary.problemCount} problems${summary.problemCount > summary.problems.length ? ` (the first ${summary.problems.length} listed)` : ''}`,
  ...summary.problems.map(({ table, sourceId, problem }) => `  ${table} ${sourceId}: ${problem}`),
];
