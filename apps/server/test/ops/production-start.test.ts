// Issue 34 point 1: a production build and start. `npm start` builds what is missing or older than
// its sources (apps/server/scripts/start.mjs), then the node process npm started is the server,
// running the build: a SIGTERM sent to it ends in the graceful shutdown and exit code 0, with
// nothing left running (before, npm's shell took the signal and the server ran on as an orphan).
// `npm run start:prod` starts the build without checking it; `npm run migrate` runs the built
// migrate command. PGlite by default; the PostgreSQL server when TEST_DATABASE_URL is set.
//
// The first start may build the web app and the server in the checkout (as a fresh clone's
// `npm start` does), so it has minutes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../crash/support/http.ts';
import { freePort, spawnedServerEnv } from '../crash/support/server-process.ts';
import { databaseUnderTest, type DatabaseUnderTest } from '../crash/support/stored-state.ts';

const root = resolve(import.meta.dirname, '../../../..');
const serverBuild = join(root, 'apps/server/dist/build.json');

let dataDir: string;
let database: DatabaseUnderTest;
let port: number;
const running: ChildProcess[] = [];

type Started = { npm: ChildProcess; output: () => string; exited: Promise<number | null>; startedInMs: number };

// npm itself, the way an operator runs it: the npm that runs this test when there is one
const npm = (args: string[]) => {
  const [file, ...prefix] = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const env = spawnedServerEnv({ dataDir, port, databaseUrl: database.databaseUrl, logLevel: 'info' });
  const child = spawn(file, [...prefix, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
};

const start = async (script: 'start' | 'start:prod', timeoutMs: number): Promise<Started> => {
  const began = Date.now();
  const { child, output, exited } = npm(['run', script]);
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(
    'the server answering /ready',
    async () => {
      if (gone) throw new Error(`npm run ${script} exited:\n${output()}`);
      const ready = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2_000) }).then((answer) => answer.status === 200, () => false);
      return ready ? true : undefined;
    },
    timeoutMs,
    () => `:\n${output()}`,
  );
  return { npm: child, output, exited, startedInMs: Date.now() - began };
};

// the server's pid, from its log line (which may reach this process's pipe after the answer to /ready)
const serverPid = async (started: Pick<Started, 'output'>) => {
  const line = await waitFor(
    'the "server started" line',
    () => started.output().split('\n').find((text) => text.includes('"msg":"server started"')),
    10_000,
    () => `:\n${started.output()}`,
  );
  return Number(JSON.parse(line).pid);
};

// /proc/<pid>/stat's fourth field; the command line; the pids of its children
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]);
const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
const childrenOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
const alive = (pid: number) => existsSync(`/proc/${pid}`);

const stopWithSigterm = async (started: Started) => {
  const pid = await serverPid(started);
  started.npm.kill('SIGTERM');
  const code = await Promise.race([started.exited, new Promise<'hung'>((done) => setTimeout(() => done('hung'), 30_000))]);
  return { code, pid };
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'atende-production-start-'));
  database = await databaseUnderTest(dataDir);
  port = await freePort();
});

afterAll(async () => {
  // a test that failed half way leaves its server: SIGTERM, which npm passes on (a SIGKILL of npm would not reach it)
  const left = running.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    left.map(async (child) => {
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(timer);
    }),
  );
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('production build and start (issue 34 point 1)', () => {
  it('npm start builds what is missing or stale and serves from the build in the very process npm started; SIGTERM to it shuts down gracefully with exit code 0 and leaves nothing running', async () => {
    const started = await start('start', 540_000);
    const pid = await serverPid(started);
    // npm's own child is the server: no shell in between to swallow the signal, no second node
    expect(parentOf(pid)).toBe(started.npm.pid);
    expect(commandOf(pid).slice(1)).toEqual(['apps/server/scripts/start.mjs']);
    expect(childrenOf(pid)).toBe('');
    expect(existsSync(serverBuild)).toBe(true);
    // the web app's page, from the web build
    expect(await fetch(`http://127.0.0.1:${port}/`).then((answer) => answer.text())).toContain('<!doctype html>');

    const stopped = await stopWithSigterm(started);
    expect(stopped.code, started.output()).toBe(0);
    expect(started.output()).toContain('"reason":"SIGTERM","msg":"shutting down"');
    expect(started.output()).toContain('"reason":"SIGTERM","msg":"stopped"');
    expect(alive(pid)).toBe(false);
  }, 600_000);

  it('a start after a change of the sources builds the server again; a start on a fresh build builds nothing', async () => {
    // as if a source had changed since: the server's build is older than every source
    utimesSync(serverBuild, new Date(1_000_000_000_000), new Date(1_000_000_000_000));
    const started = await start('start', 300_000);
    expect(started.output()).toContain('sources changed since the build of the server: building it');
    const stopped = await stopWithSigterm(started);
    expect(stopped.code).toBe(0);

    // fresh now: nothing to build
    const again = await start('start', 300_000);
    expect(again.output()).not.toContain('building it');
    expect((await stopWithSigterm(again)).code).toBe(0);
  }, 600_000);

  it('npm run start:prod runs the build with node directly, and stops on SIGTERM the same way', async () => {
    const started = await start('start:prod', 300_000);
    const pid = await serverPid(started);
    expect(parentOf(pid)).toBe(started.npm.pid);
    expect(commandOf(pid).slice(1)).toEqual(['apps/server/dist/main.js']);
    // the figure for docs/operations.md: npm's start to /ready on a database already migrated
    console.info(`start:prod ready in ${started.startedInMs} ms`);
    const stopped = await stopWithSigterm(started);
    expect(stopped.code).toBe(0);
    expect(started.output()).toContain('"msg":"stopped"');
    expect(alive(pid)).toBe(false);
  }, 360_000);

  it('npm run migrate runs the built migrate command: on a migrated database it applies nothing and exits 0', async () => {
    const { output, exited } = npm(['run', '--silent', 'migrate']);
    expect(await exited, output()).toBe(0);
    expect(output()).toContain('migrations: the database is up to date');
  }, 300_000);
});
