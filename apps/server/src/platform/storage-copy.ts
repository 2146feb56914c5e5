// Copies a local storage folder (DATA_DIR/public) into a bucket under the same keys, so a
// deployment that moves to STORAGE_DRIVER=s3 keeps every URL it handed out. Each file streams
// from disk to the bucket; a file already there with the same size is skipped, so the copy can be
// run again after an interruption, or once more just before the switch.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { contentTypeOf, isStoredKey, type ObjectStore } from './storage.ts';

export type CopySummary = { copied: number; skipped: number; bytes: number; ignored: string[] };

export const copyFolderToBucket = async (folder: string, bucket: ObjectStore): Promise<CopySummary> => {
  const inBucket = new Map<string, number>();
  for await (const entry of bucket.list('')) inBucket.set(entry.key, entry.size);
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const summary: CopySummary = { copied: 0, skipped: 0, bytes: 0, ignored: [] };
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = relative(folder, path).split(sep).join('/');
    // only what the server stored and serves (no half-written or foreign files)
    if (!isStoredKey(key)) {
      summary.ignored.push(key);
      continue;
    }
    const { size } = await stat(path);
    if (inBucket.get(key) === size) {
      summary.skipped++;
      continue;
    }
    await bucket.put(key, createReadStream(path), contentTypeOf(key));
    summary.copied++;
    summary.bytes += size;
  }
  return summary;
};
