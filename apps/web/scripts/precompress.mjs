// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the built web app,
// once at build time at the highest levels, so the server sends them as they are
// (@fastify/static's preCompressed) instead of compressing every download again (issue 34
// point 6). A copy that would not be smaller than its file is not written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.ico', '.map', '.wasm']);

// dot folders (Vite's .vite/manifest.json) are build metadata, not served files
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));

export const precompress = (dir) => {
  const written = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const content = readFileSync(file);
    const copies = {
      br: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
      gz: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [extension, compressed] of Object.entries(copies)) {
      if (compressed.length >= content.length) continue;
      writeFileSync(`${file}.${extension}`, compressed);
      written.push(`${file}.${extension}`);
    }
  }
  return written;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  console.log(`precompressed: ${precompress(dist).length} .br and .gz files in dist`);
}
