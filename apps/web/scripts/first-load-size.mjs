// Prints what the sign-in page costs on a first visit, gzipped, and fails the build above the
// budget (issue 14 point 4). A first visit loads the entry chunk, the login page's lazy chunk and
// every chunk and stylesheet those import statically; Vite's manifest lists them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 300;
const LOGIN_PAGE = 'src/features/login/login-page.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
if (!manifest[LOGIN_PAGE]) throw new Error(`${LOGIN_PAGE} is not a chunk of its own in the Vite manifest`);

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(LOGIN_PAGE);

const gzippedBytes = [...files].reduce((total, file) => total + gzipSync(readFileSync(join(dist, file))).length, 0);
const kB = gzippedBytes / 1000;
// what the server sends a browser that accepts brotli: the .br files written by precompress.mjs
const brotliBytes = [...files].reduce((total, file) => {
  const path = join(dist, file);
  return total + readFileSync(existsSync(`${path}.br`) ? `${path}.br` : path).length;
}, 0);
console.log(`first load of /login: ${kB.toFixed(1)} kB gzipped, ${(brotliBytes / 1000).toFixed(1)} kB as sent with brotli, in ${files.size} files (budget ${BUDGET_KB} kB gzipped)`);
if (kB > BUDGET_KB) {
  console.error(`first load of /login is over the ${BUDGET_KB} kB budget`);
  process.exit(1);
}
