// `npm run backup -- <folder>` and `npm run restore -- <backup folder> [--force]`, with the
// server's own environment (DATABASE_URL, DATA_DIR): docs/deploy.md#backups.
import { loadConfig } from '../config.ts';
import { backup, restore, type BackupTarget } from './backup.ts';

const usage = 'usage: backup <folder> | restore <backup folder> [--force]';

const main = async (args: string[]) => {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const paths = rest.filter((arg) => arg !== '--force');
  if (paths.length !== 1 || (command !== 'backup' && command !== 'restore') || (force && command === 'backup')) throw new Error(usage);
  const config = loadConfig();
  const target: BackupTarget = {
    database: config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    dataDir: config.dataDir,
  };
  if (command === 'backup') {
    process.stdout.write(`${await backup(target, paths[0])}\n`);
    return;
  }
  const manifest = await restore(target, paths[0], { force });
  process.stdout.write(`restored the ${manifest.database.kind} database and ${manifest.files.count} stored files of ${manifest.createdAt}\n`);
};

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
