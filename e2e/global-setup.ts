// vitest's globalSetup for the browser suite: once per run, the server's production bundle built
// from the sources (apps/server/scripts/build.ts, what `npm start` builds and runs) and a data
// folder that bundle's first start migrated and seeded. Every test file's server runs that bundle
// on a copy of that folder (helpers/server.ts): each start used to transpile the sources with tsx,
// run initdb and every migration, and hash the admin's password.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runServerProcess } from './helpers/server.ts';

const root = resolve(import.meta.dirname, '..');

// Inside apps/server, so that the bundle's packages resolve as from apps/server/dist (the server
// workspace has node_modules of its own); a folder per run, so runs side by side keep theirs.
const buildServer = () => {
  const cache = join(root, 'apps/server/node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'atende-e2e-server-'));
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/build.ts', '--outdir', outdir], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    rmSync(outdir, { recursive: true, force: true });
    throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
  }
  return outdir;
};

export default async function setup(project: TestProject) {
  const outdir = buildServer();
  const entry = join(outdir, 'main.js');
  const seededDataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-seeded-'));
  const removeAll = () => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(seededDataDir, { recursive: true, force: true });
  };
  try {
    // a stopped server: its database closed cleanly, so a copy opens as after a restart
    const firstStart = await runServerProcess(entry, seededDataDir, {});
    await firstStart.stop();
  } catch (error) {
    removeAll();
    throw error;
  }
  project.provide('preparedServer', { entry, seededDataDir });
  return removeAll;
}
