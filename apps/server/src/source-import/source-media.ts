// A message's (or quick message's, or file list's) file under the source's public/ folder, copied
// into this product's storage as a stream (issue 39 point 1): memory holds a chunk of it at a time,
// whatever its size.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_FOLDER } from '../modules/messages/outbound-message.service.ts';
import type { Storage } from '../platform/storage.ts';
import type { ImportContext } from './import-context.ts';
import type { SourceRow } from './source-database.repo.ts';
import { extensionOf, text } from './source-rows.rules.ts';

export type CopiedMedia = { url: string } | { missing: string };

// Where a source kept a file named in a row: ticketz under company<id>/ (the source's company id),
// the older copies directly in public/; a path with a folder is taken as it is.
export const mediaCandidates = (path: string, sourceCompanyId: unknown) =>
  path.includes('/') || sourceCompanyId === null || sourceCompanyId === undefined ? [path] : [path, `company${String(sourceCompanyId)}/${path}`];

const isFile = (path: string) => stat(path).then((found) => found.isFile(), () => false);

// storage null: a dry run, which only looks for the file; folder: where the product keeps such
// files. The first candidate path that is a file under mediaDir is copied; none: reported missing.
export const copyMedia = async (
  storage: Storage | null,
  mediaDir: string,
  companyId: number,
  candidates: readonly string[],
  folder = MEDIA_FOLDER,
): Promise<CopiedMedia> => {
  for (const candidate of candidates) {
    const file = join(mediaDir, ...candidate.split('/'));
    if (!(await isFile(file))) continue;
    if (!storage) return { url: `/public/${candidate}` };
    const name = await storage.save(companyId, folder, createReadStream(file), extensionOf(candidate));
    return { url: storage.urlOf(companyId, folder, name) };
  }
  return { missing: candidates[0] };
};

// A file a row names (a path under public/) copied into the folder where the product keeps such
// files, its url returned; one gone from disk is reported, and its row comes without it.
export const copyRowFile = async (context: ImportContext, table: string, row: SourceRow, path: string | null, companyId: number, folder: string, what: string) => {
  if (path === null || !context.mediaDir) return null;
  const copied = await copyMedia(context.storage, context.mediaDir, companyId, mediaCandidates(path, row.companyId), folder);
  if ('missing' in copied) {
    context.report({ table, sourceId: text(row, 'id'), problem: `media file ${copied.missing} is missing: ${what} came without it` });
    return null;
  }
  return copied.url;
};
