// `npm run import:whaticket -- --from postgres://… --media /path/public [--dry-run] [--from-start] [--source-name x]`
// (issue 39, docs/migrate.md): imports a whaticket-SaaS or ticketz database and its media into
// this product's own database (DATABASE_URL or the PGlite in DATA_DIR) and storage.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createSecretBox } from '../platform/secret-box.ts';
import { createObjectStore, createStorage } from '../platform/storage.ts';
import { importSummaryLines, progressLine } from './import-report.ts';
import { checkSource, runImport } from './source-import.service.ts';
import { openTargetDatabase } from './target-database.repo.ts';

const usage =
  'usage: import:whaticket -- --from postgres://user:password@host:5432/database --media /path/to/public [--dry-run] [--from-start] [--source-name name]';

const main = async (args: string[]) => {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      media: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'from-start': { type: 'boolean', default: false },
      'source-name': { type: 'string' },
    },
  });
  if (!values.from) throw new Error(usage);
  const config = loadConfig();
  await checkSource(values.from);
  const database = await openTargetDatabase(config);
  try {
    const storage = createStorage(createObjectStore(config.storage, config.publicDir));
    const summary = await runImport({
      db: database.db,
      storage,
      secrets: createSecretBox(config.secretsKey),
      from: values.from,
      mediaDir: values.media ?? null,
      dryRun: values['dry-run'],
      fromStart: values['from-start'],
      sourceName: values['source-name'],
      onProgress: (progress) => {
        process.stdout.write(`${progressLine(progress)}${progress.finished ? '\n' : '\r'}`);
      },
    });
    process.stdout.write(`${importSummaryLines(summary).join('\n')}\n`);
    if (summary.problemCount > 0) process.exitCode = 2;
  } finally {
    await database.close();
  }
};

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
