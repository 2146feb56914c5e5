// Starts the real product (server + built web app) as a child process on a free port, the way
// `npm start` runs it: the server's production bundle, built once per run from the sources by the
// e2e global setup (e2e/global-setup.ts). Its data folder is a copy of a folder that a first start
// of that same server migrated and seeded, so a start here is the product's restart; a start that
// must be a first one (seed values from env, a generated admin password) gets an empty folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'e2e-password';

const root = resolve(import.meta.dirname, '../..');

// what the global setup hands every test file: the built server's entry and the seeded folder
export type PreparedServer = { entry: string; seededDataDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    preparedServer: PreparedServer;
  }
}

// a loopback port free now (the e2e server's, or another server a test starts beside it)
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

export type RunningServer = { url: string; stop: () => Promise<void>; output: () => string };

// The variables a start of the seeded folder would not honour: the seed runs once, on an empty
// database, with the admin's email and password of that first start.
const FIRST_START_VARIABLES = ['ADMIN_EMAIL', 'ADMIN_PASSWORD'];

// Runs the server bundle at entry on dataDir until stop; resolves once /version answers.
export const runServerProcess = async (entry: string, dataDir: string, env: Record<string, string | undefined>): Promise<RunningServer> => {
  const port = await freePort();
  let output = '';
  const variables = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    // the bundle lives outside apps/server/dist, where the server looks for the web app by default
    WEB_DIST_DIR: join(root, 'apps/web/dist'),
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // generous: on a busy two-core machine a first start (initdb, migrations, seed) took over three
  // minutes; a file's start is bounded sooner by the suite's hookTimeout
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ready = await fetch(`${url}/version`).then((answer) => answer.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer on ${url} within 300 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
    },
  };
};

// A fresh data folder holding the migrated and seeded database (seeded with ADMIN_EMAIL and
// ADMIN_PASSWORD), for a test that writes rows before the server starts; the caller removes it.
export const seededDataDir = (prefix = 'atende-e2e-') => {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(inject('preparedServer').seededDataDir, dataDir, { recursive: true });
  return dataDir;
};

// env: extra variables; one given as undefined is left unset (ADMIN_PASSWORD: undefined starts
// the way a newcomer does, with a generated password printed once). DATA_DIR given: that folder,
// left in place at stop. emptyDataDir: a first start on an empty folder, as does any env naming
// one of FIRST_START_VARIABLES.
export const startServer = async (env: Record<string, string | undefined> = {}, options: { emptyDataDir?: boolean } = {}): Promise<RunningServer> => {
  const { entry } = inject('preparedServer');
  if (env.DATA_DIR !== undefined) return runServerProcess(entry, env.DATA_DIR, env);
  const firstStart = options.emptyDataDir || FIRST_START_VARIABLES.some((name) => name in env);
  const dataDir = firstStart ? mkdtempSync(join(tmpdir(), 'atende-e2e-')) : seededDataDir();
  try {
    const server = await runServerProcess(entry, dataDir, env);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
};
