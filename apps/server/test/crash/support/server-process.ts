// The real server (`tsx apps/server/src/main.ts`, or a test entry that runs it with fakes) as a
// child process that can be killed with SIGKILL and started again on the same data folder and
// database, on the same port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ADMIN_EMAIL = 'admin@crash.test';
export const ADMIN_PASSWORD = 'crash-password';

const root = resolve(import.meta.dirname, '../../../../..');

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

export type ServerProcess = {
  url: string;
  // every start of the process, in order; the output of each
  outputs: string[];
  // the running process's id
  pid: () => number | undefined;
  running: () => boolean;
  // the last process's exit code once it has exited by itself (null while it runs or after a signal)
  exitCode: () => number | null;
  start: () => Promise<void>;
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

export type ServerProcessOptions = {
  dataDir: string;
  port: number;
  databaseUrl?: string;
  // the file to run, from the repository's root; apps/server/src/main.ts by default
  entry?: string;
  // more environment (REDIS_URL, secrets shared by several processes, lease lengths…)
  env?: Record<string, string>;
  // the path that answers 200 once the process serves; /version by default (a PROCESS_ROLE=worker
  // process answers only /health, /ready and /metrics)
  readyPath?: string;
};

// The environment of a server the tests spawn: this process's own, less the services it may name,
// on loopback at the given port and data folder, with the tests' super admin.
export const spawnedServerEnv = (options: Pick<ServerProcessOptions, 'dataDir' | 'port' | 'databaseUrl'> & { logLevel: string }) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: options.logLevel,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PROCESS_ROLE;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
};

export const serverProcess = (options: ServerProcessOptions): ServerProcess => {
  const url = `http://127.0.0.1:${options.port}`;
  const outputs: string[] = [];
  let child: ChildProcess | undefined;

  const exited = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => proc.once('exit', () => done()));

  const start = async () => {
    const env = { ...spawnedServerEnv({ ...options, logLevel: 'warn' }), ...options.env };
    const index = outputs.push('') - 1;
    // node itself with tsx's loader, not the tsx binary: the binary runs the server in a child
    // process of its own, which a SIGKILL of the wrapper would leave running
    const proc = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'apps/server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout?.on('data', (chunk) => (outputs[index] += chunk));
    proc.stderr?.on('data', (chunk) => (outputs[index] += chunk));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        throw new Error(`server start #${index + 1} exited (${proc.exitCode ?? proc.signalCode}):\n${outputs[index]}`);
      }
      const ready = await fetch(`${url}${options.readyPath ?? '/version'}`, { signal: AbortSignal.timeout(2_000) }).then((answer) => answer.ok, () => false);
      if (ready) return;
      await pause(100);
    }
    throw new Error(`server start #${index + 1} not ready after 120 s:\n${outputs[index]}`);
  };

  const kill = async () => {
    if (!child) return;
    const proc = child;
    proc.kill('SIGKILL');
    await exited(proc);
    // nothing may still answer on the port, or a restart would be checked against a survivor
    const deadline = Date.now() + 10_000;
    while (await fetch(`${url}${options.readyPath ?? '/version'}`, { signal: AbortSignal.timeout(1_000) }).then(() => true, () => false)) {
      if (Date.now() > deadline) throw new Error('the port still answers after SIGKILL');
      await pause(100);
    }
  };

  // A clean shutdown (SIGTERM closes the database), bounded: SIGKILL after 20 s.
  const stop = async () => {
    if (!child) return;
    const proc = child;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    await exited(proc);
    clearTimeout(timer);
  };

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  return { url, outputs, pid: () => child?.pid, running, exitCode: () => child?.exitCode ?? null, start, kill, stop };
};
