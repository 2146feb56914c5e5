// `npm run backup -- <folder>` and `npm run restore -- <backup folder> [--force]`, with the
// server's own environment (DATABASE_URL, DATA_DIR): docs/deploy.md#backups.
import { loadConfig } from '../config.ts';
import { createObjectStore } from '../platform/storage.ts';
import { backup, restore, type BackupTarget } from './backup.ts';

const usage = 'usage: backup <folder> | restore <backup folder> [--force]';

const main = async (args: string[]) => {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const paths = rest.filter((arg) => arg !== '--force');
  if (paths.length !== 1 || (command !== 'backup' && command !== 'restore') || (force && command === 'backup')) throw new Error(usage);
  const config = loadConfig();
  const bucket = config.storage.driver === 's3' ? createObjectStore(config.storage, config.publicDir) : undefined;
  const target: BackupTarget = {
    database: config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    dataDir: config.dataDir,
    bucket: bucket && { list: () => bucket.list('') },
  };
  if (command === 'backup') {
    process.stdout.write(`${await backup(target, paths[0])}\n`);
    return;
  }
  const { manifest, missingFromBucket } = await restore(target, paths[0], { force });
  const files = 'listing' in manifest.files ? `the listing of ${manifest.files.count} files in the bucket` : `${manifest.files.count} stored files`;
  process.stdout.write(`restored the ${manifest.database.kind} database and ${files} of ${manifest.createdAt}\n`);
  if (missingFromBucket.length > 0) {
    // the database names them: restore them from the bucket's versions or its copy (docs/deploy.md)
    process.stderr.write(`${missingFromBucket.length} files of the backup are not in the bucket: ${missingFromBucket.slice(0, 20).join(', ')}\n`);
    process.exitCode = 2;
  }
};

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
