// The server's production build (`npm run build` runs it after the web app's): src/main.ts and
// src/migrate.ts bundled by esbuild into dist/main.js and dist/migrate.js, ESM for Node 20, so a
// start loads plain JavaScript and transpiles nothing. The knowledge's PDF reader runs in a thread
// started from a file beside the bundle, so it is an entry too (dist/knowledge-pdf.worker.js). The
// npm packages stay outside the bundle and load from node_modules at run time (Baileys, sharp,
// PGlite, argon2… carry native code, WASM or files of their own); the workspace package
// @atende/shared is TypeScript source and goes in. The migrations are copied beside the bundle:
// db/client.ts finds them at `./migrations` from its own file, src/db/ in the sources and dist/ in
// the build.
//
//   tsx apps/server/scripts/build.ts [--outdir <dir>]
//
// --outdir: another folder than apps/server/dist (tests).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';

const serverDir = resolve(import.meta.dirname, '..');

const serverEntries = {
  main: 'src/main.ts',
  migrate: 'src/migrate.ts',
  // modules/knowledge/knowledge-documents.ts starts it from the bundle's folder
  'knowledge-pdf.worker': 'src/modules/knowledge/knowledge-pdf.worker.ts',
};

// Every bare import is left to node_modules, except the workspace's TypeScript package.
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@atende/shared/') || args.path === '@atende/shared') return undefined;
      return { path: args.path, external: true };
    });
  },
};

const buildServer = async (outdir = join(serverDir, 'dist')) => {
  const started = Date.now();
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
    metafile: true,
  });
  cpSync(join(serverDir, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
  // written last: the launcher (scripts/start.mjs) compares the sources with this file's time, so
  // a build that stopped half way is no build
  writeFileSync(join(outdir, 'build.json'), `${JSON.stringify({ builtAt: new Date().toISOString(), entries: Object.keys(serverEntries) })}\n`);
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  process.stdout.write(`server built in ${Date.now() - started} ms: ${outdir} (${Math.round(bytes / 1024)} kB with source maps)\n`);
};

const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
await buildServer(values.outdir ? resolve(values.outdir) : undefined);
