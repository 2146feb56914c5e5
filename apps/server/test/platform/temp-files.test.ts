import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { removeStaleTempFiles } from '../../src/platform/temp-files.ts';

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('a start removes the temporary uploads, copies, media and workbooks a killed process left over a day ago, and nothing else', async () => {
  folder = await mkdtemp(join(tmpdir(), 'temp-files-test-'));
  const now = Date.now();
  const twoDaysAgo = new Date(now - 2 * 24 * 3600 * 1000);
  const make = async (name: string, kind: 'dir' | 'file', at: Date) => {
    const path = join(folder!, name);
    if (kind === 'dir') {
      await mkdir(path);
      await writeFile(join(path, 'part'), 'x');
    } else {
      await writeFile(path, 'x');
    }
    await utimes(path, at, at);
  };
  await make('atende-upload-old', 'dir', twoDaysAgo);
  await make('atende-storage-old', 'dir', twoDaysAgo);
  await make('atende-media-old', 'dir', twoDaysAgo);
  await make('atende-workbook-old.xlsx', 'file', twoDaysAgo);
  // a request of another process on this host is using this one now
  await make('atende-upload-fresh', 'dir', new Date(now - 60_000));
  // not ours
  await make('other-program-old', 'dir', twoDaysAgo);
  await make('atende-test-old', 'dir', twoDaysAgo);

  expect(await removeStaleTempFiles(folder, now)).toBe(4);
  expect((await readdir(folder)).sort()).toEqual(['atende-test-old', 'atende-upload-fresh', 'other-program-old']);
});

test('a temporary folder that cannot be read removes nothing and does not fail the start', async () => {
  expect(await removeStaleTempFiles(join(tmpdir(), 'no-such-folder-for-temp-files-test'))).toBe(0);
});
