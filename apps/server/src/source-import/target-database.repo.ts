// The import command's target: the product's own database, as the server opens it, migrated as
// a start leaves it.
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';

export const openTargetDatabase = async (config: Config) => {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: config.dataDir });
  await database.migrate();
  return database;
};
