// Pieces every benchmark shares: the bench database's address, the product started as a child
// process, a small JSON client, and percentiles. Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export const root = resolve(import.meta.dirname, '../..');
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const BENCH_DB = 'bench';
export const SUPER_EMAIL = 'super@bench.test';
export const PASSWORD = 'bench-password';
// the large tenant's users (bench/seed-large-tenant.ts)
export const TENANT_ADMIN_EMAIL = 'admin@large.bench.test';
export const agentEmail = (n: number) => `agent${n}@large.bench.test`;

export const databaseUrl = (name: string) => {
  const parsed = new URL(SERVER_URL);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

export const onServer = async (statement: string) => {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
};

export const freshDatabase = async (name: string) => {
  await onServer(`drop database if exists ${name} with (force)`);
  await onServer(`create database ${name}`);
  return databaseUrl(name);
};

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

export type BenchServer = { url: string; pid: number; stop: () => Promise<void> };

// The product as `npm start` runs its server: migrations, seed, listen. databaseUrl unset = PGlite.
// env: more variables for the server (the webhooks' receiver needs OUTBOUND_ALLOWED_HOSTS)
export const startServer = async (databaseUrl?: string, extraEnv: Record<string, string> = {}): Promise<BenchServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: SUPER_EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    // load from one address measures throughput, not the per-address request limit
    RATE_LIMIT_MAX: '1000000000',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  let output = '';
  // BENCH_CPU_PROFILE=dir: each server process writes a CPU profile there when it stops
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    if (await fetch(`${url}/version`).then((answer) => answer.ok, () => false)) break;
    await pause(200);
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await new Promise((done) => child.once('exit', done));
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export const call = async <T = unknown>(url: string, method: string, path: string, token?: string, body?: unknown) => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  if (answer.status >= 400) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

export const login = async (url: string, email: string) =>
  (await call<{ token: string; user: { id: number; companyId: number } }>(url, 'POST', '/auth/login', undefined, { email, password: PASSWORD }));

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '-');

export const heading = (text: string) => process.stdout.write(`\n## ${text}\n`);
export const line = (text: string) => process.stdout.write(`${text}\n`);

// A process's resident memory from /proc, for the memory growth figures.
export const residentBytes = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
};

// Samples a process's resident memory every 100 ms until stopped: what it had before and how much
// it grew at its peak, for the figures of work that must stream.
export const sampleResidentPeak = (pid: number) => {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 100);
  return {
    stop: () => {
      clearInterval(sampler);
      return { before, growth: peak - before };
    },
  };
};

// The same in MB, for the server's RSS at rest and after each scenario.
export const residentMb = (pid: number) => residentBytes(pid) / (1024 * 1024);

// The machine's load averages, printed with each run: the machine is shared.
export const loadAverages = () => loadavg().map((value) => value.toFixed(2)).join(' ');
