// `npm start` and `npm run migrate`: build what is missing or older than its sources, then run the
// built code in this very process. Plain JavaScript, so nothing is transpiled at start; and no
// child process: the node process npm started is the server, so a SIGTERM sent to it reaches the
// server's graceful shutdown (apps/server/src/serve.ts), and nothing is left behind when it stops.
//
//   node apps/server/scripts/start.mjs            the server (apps/server/dist/main.js)
//   node apps/server/scripts/start.mjs migrate …  the migrate command (apps/server/dist/migrate.js)
//
// A build is stale when a file among its inputs changed after it was made (modification times: a
// checkout, an edit or an `npm ci` touches them). The check stats about a thousand files, in tens of
// milliseconds. A production image builds once (`npm run build`) and starts with
// `npm run start:prod`, which checks nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../../..');

// the newest modification time under these files and folders (0 when none exists)
const newestTime = (paths) => {
  let newest = 0;
  const visit = (path) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else if (stats.mtimeMs > newest) newest = stats.mtimeMs;
  };
  paths.forEach((path) => visit(join(root, path)));
  return newest;
};

const timeOf = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : -1);

// npm itself: the one running this script when there is one
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

// The output named is written last by its build. Shared sources and the installed packages
// (node_modules/.package-lock.json, rewritten by every install) are inputs of both.
const shared = ['packages/shared/src', 'packages/shared/package.json', 'node_modules/.package-lock.json'];
const builds = {
  web: {
    label: 'web app',
    // the tool, resolved from the workspace that builds with it
    tool: ['apps/web', 'vite'],
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/scripts', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...shared],
    command: [...npm, 'run', 'build', '-w', 'apps/web'],
  },
  server: {
    label: 'server',
    tool: ['apps/server', 'esbuild'],
    output: 'apps/server/dist/build.json',
    inputs: ['apps/server/src', 'apps/server/scripts/build.ts', 'apps/server/package.json', ...shared],
    command: [process.execPath, '--import', 'tsx', 'apps/server/scripts/build.ts'],
  },
};

const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// Processes started together on a checkout with no build (three `npm start` at once) build one
// at a time: the others wait, then find the build fresh. A lock whose builder died is taken over.
const lockDir = join(root, 'node_modules/.cache/atende-build-lock');
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
const withBuildLock = (work) => {
  for (let said = false; ; pause(200)) {
    try {
      mkdirSync(lockDir, { recursive: false });
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code === 'ENOENT') {
        mkdirSync(join(lockDir, '..'), { recursive: true });
        continue;
      }
      if (error.code !== 'EEXIST') throw error;
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
      } catch {
        // being written: the holder is alive
      }
      // no pid yet: being written, unless its writer died before (the lock is seconds old)
      const orphaned = Number.isInteger(holder) && holder > 0 ? !alive(holder) : Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 10_000;
      if (orphaned) rmSync(lockDir, { recursive: true, force: true });
      else if (!said) {
        process.stdout.write('another process is building; waiting for it\n');
        said = true;
      }
    }
  }
  try {
    work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
};

const stale = ({ output, inputs }) => {
  const built = timeOf(output);
  return built < 0 || built < newestTime(inputs);
};

const buildIfStale = (name) => {
  if (!stale(builds[name])) return;
  withBuildLock(() => build(name));
};

const build = (name) => {
  const { label, tool, output, command } = builds[name];
  // built meanwhile by the process that held the lock
  if (!stale(builds[name])) return;
  const built = timeOf(output);
  // an install without the dev dependencies (npm ci --omit=dev) rewrites node_modules and cannot build
  const [workspace, toolName] = tool;
  try {
    createRequire(join(root, workspace, 'package.json')).resolve(toolName);
  } catch {
    if (built < 0) throw new Error(`no build of the ${label}, and ${toolName} to build it is not installed: npm ci, then npm run build`);
    process.stdout.write(`the ${label}'s build looks older than its sources, and ${toolName} to build it again is not installed: starting from the build as it is\n`);
    return;
  }
  process.stdout.write(`${built < 0 ? 'no build of the' : 'sources changed since the build of the'} ${label}: building it\n`);
  const [file, ...args] = command;
  // a production build whatever mode the server runs in: Vite builds React's development bundle
  // (a third larger, over the sign-in page's budget) when NODE_ENV says development
  const run = spawnSync(file, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (run.status !== 0) throw new Error(`the ${label}'s build failed (${run.error?.message ?? `exit ${run.status ?? run.signal}`})`);
};

const [command = 'serve', ...rest] = process.argv.slice(2);
const entries = { serve: { needs: ['web', 'server'], file: 'main.js' }, migrate: { needs: ['server'], file: 'migrate.js' } };
const entry = entries[command];
if (!entry) {
  process.stderr.write(`unknown command ${command}: serve (the default) or migrate\n`);
  process.exit(2);
}
try {
  entry.needs.forEach(buildIfStale);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const file = join(root, 'apps/server/dist', entry.file);
// the built entry reads its own arguments (migrate --folder …) as if it had been started itself
process.argv = [process.argv[0], file, ...rest];
await import(pathToFileURL(file).href);
