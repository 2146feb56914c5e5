// What a bot option or a queue sends of a file list: its message and the options that have a
// file, in the list's order (an option still without its upload is skipped).
import type { DbOrTx } from '../../db/client.ts';
import { findFileList, optionsOf } from './file-lists.repo.ts';

export const fileListToSend = async (db: DbOrTx, companyId: number, fileListId: number) => {
  const list = await findFileList(db, companyId, fileListId);
  if (!list) return undefined;
  const options = await optionsOf(db, companyId, [list.id]);
  const files = options.flatMap((option) => (option.path && option.mediaType ? [{ name: option.name, path: option.path, mediaType: option.mediaType }] : []));
  return { message: list.message, files };
};
