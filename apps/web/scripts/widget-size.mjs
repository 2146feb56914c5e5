// Prints the web chat widget's size, gzipped, and fails the build above its budget (issue 41
// point 1): it loads on customers' websites, on every page of theirs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 30;
const widget = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'widget', 'widget.js');
const kB = gzipSync(readFileSync(widget)).length / 1000;
console.log(`web chat widget: ${kB.toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB)`);
if (kB > BUDGET_KB) {
  console.error(`the web chat widget is over the ${BUDGET_KB} kB budget`);
  process.exit(1);
}
