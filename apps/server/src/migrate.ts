// The migrate command (`npm run migrate`, or `node apps/server/dist/migrate.js` from the build):
// applies the migrations to DATABASE_URL (or the PGlite database under DATA_DIR) and exits, for a
// deployment that migrates as a step of its own before it starts its processes. Every start
// migrates too, under the same advisory lock (db/migrate.ts), so the step is optional.
//
// Exit code 0 when the database is up to date; 1 when a migration failed (the message names it,
// and the database is left as it was) or the database could not be reached.
// `--folder <dir>` migrates from another folder than the one this code ships (tests).
import { parseArgs } from 'node:util';
import { ConfigError, loadDatabaseSettings } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { MigrationError } from './db/migrate.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

const main = async () => {
  const { values } = parseArgs({ options: { folder: { type: 'string' } } });
  const settings = loadDatabaseSettings();
  const database: Database = await openDatabase(settings.databaseUrl ? { url: settings.databaseUrl } : { pgliteDir: settings.dataDir });
  try {
    const { applied } = await database.migrate({ migrationsFolder: values.folder, log: say });
    say(applied.length === 0 ? 'migrations: the database is up to date' : `migrations: ${applied.length} applied, the last ${applied.at(-1)}`);
  } finally {
    await database.close();
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof MigrationError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    if (error instanceof MigrationError) process.stderr.write(`the database is left as it was: no migration of this run was applied\n`);
    process.exit(1);
  },
);
