// A message's (or quick message's) file under the source's public/ folder, copied into this product's storage as a
// stream (issue 39 point 1): memory holds a chunk of it at a time, whatever its size.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_FOLDER } from '../modules/messages/outbound-message.service.ts';
import type { Storage } from '../platform/storage.ts';
import { extensionOf } from './source-rows.rules.ts';

export type CopiedMedia = { url: string } | { missing: string };

const isFile = (path: string) => stat(path).then((found) => found.isFile(), () => false);

// storage null: a dry run, which only looks for the file; folder: where the product keeps such files
export const copyMedia = async (storage: Storage | null, mediaDir: string, companyId: number, path: string, folder = MEDIA_FOLDER): Promise<CopiedMedia> => {
  // ticketz keeps a company's files in company<id>/, the older copies directly in public/
  const candidates = path.includes('/') ? [path] : [path, `company${companyId}/${path}`];
  for (const candidate of candidates) {
    const file = join(mediaDir, ...candidate.split('/'));
    if (!(await isFile(file))) continue;
    if (!storage) return { url: `/public/${candidate}` };
    const name = await storage.save(companyId, folder, createReadStream(file), extensionOf(candidate));
    return { url: storage.urlOf(companyId, folder, name) };
  }
  return { missing: path };
};
