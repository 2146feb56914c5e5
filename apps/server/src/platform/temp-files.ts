// Uploads, downloads and imported workbooks pass through the system's temporary folder for the time
// of one request or job and are removed after it. A process killed meanwhile leaves them behind, so
// each start removes those older than a day: no request or job lasts that long, and another process
// on the same host may be using its own right now.
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const tempPrefixes = {
  upload: 'atende-upload-',
  storedCopy: 'atende-storage-',
  media: 'atende-media-',
  workbook: 'atende-workbook-',
} as const;

const STALE_AFTER_MS = 24 * 3600 * 1000;

export const tempPath = (prefix: keyof typeof tempPrefixes, name = '') => join(tmpdir(), tempPrefixes[prefix] + name);

// answers how many entries it removed; one that vanished or cannot be read is left to the next start
export const removeStaleTempFiles = async (folder = tmpdir(), now = Date.now()) => {
  const prefixes = Object.values(tempPrefixes);
  const entries = await readdir(folder).catch(() => []);
  let removed = 0;
  for (const entry of entries.filter((name) => prefixes.some((prefix) => name.startsWith(prefix)))) {
    const path = join(folder, entry);
    const info = await stat(path).catch(() => null);
    if (!info || now - info.mtimeMs < STALE_AFTER_MS) continue;
    await rm(path, { recursive: true, force: true }).then(() => removed++, () => undefined);
  }
  return removed;
};
