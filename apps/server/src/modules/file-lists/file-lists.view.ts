import type { FileListView } from '@atende/shared/file-lists';
import type { FileListOptionRow, FileListRow } from './file-lists.repo.ts';

export const toFileListView = (row: FileListRow, options: FileListOptionRow[]): FileListView => ({
  id: row.id,
  name: row.name,
  message: row.message,
  userId: row.userId,
  options: options
    .filter((option) => option.fileListId === row.id)
    .map((option) => ({ id: option.id, name: option.name, path: option.path, mediaType: option.mediaType })),
});
