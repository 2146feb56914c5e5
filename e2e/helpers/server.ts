// Starts the real product (server + built web app) as a child process on a free port with a
// fresh data folder, the way `npm start` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'e2e-password';

const root = resolve(import.meta.dirname, '../..');

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

// env: extra variables; one given as undefined is left unset (ADMIN_PASSWORD: undefined starts
// the way a newcomer does, with a generated password printed once)
export const startServer = async (env: Record<string, string | undefined> = {}): Promise<RunningServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-'));
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
    ...env,
  };
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // generous: on a busy two-core machine a cold start (tsx, migrations, seed) can take a minute
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ready = await fetch(`${url}/version`).then((answer) => answer.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer on ${url} within 180 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
