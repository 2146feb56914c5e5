import { FILE_LIST_FILES_PER_UPLOAD, fileListsEndpoints, type FileListBody, type FileListsPage, type FileListUpdateBody, type FileListView } from '@atende/shared/file-lists';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';
import { fetchAllPages } from '../../lib/fetch-all-pages.ts';

export type OptionUpload = { optionId: number; file: File };

// POST /files/uploadList/{id} as 02-operations §7 writes it: fileId, typeArch fileList, then the
// files with their mediaType, name and option id; more than one call's worth goes in several.
const uploadList = async (fileListId: number, uploads: OptionUpload[]) => {
  let saved: FileListView | undefined;
  for (let start = 0; start < uploads.length; start += FILE_LIST_FILES_PER_UPLOAD) {
    const form = new FormData();
    form.append('fileId', String(fileListId));
    form.append('typeArch', 'fileList');
    for (const { optionId, file } of uploads.slice(start, start + FILE_LIST_FILES_PER_UPLOAD)) {
      form.append('files', file);
      form.append('mediaType', file.type);
      form.append('name', file.name);
      form.append('id', String(optionId));
    }
    saved = await sendFormToEndpoint(fileListsEndpoints.upload, form, { params: { id: fileListId } });
  }
  return saved;
};

export const fileListsApi = {
  page: (search: string, pageNumber: number) => callEndpoint(fileListsEndpoints.page, { query: { searchParam: search, pageNumber } }),
  all: () => fetchAllPages((pageNumber) => fileListsApi.page('', pageNumber), (page) => page.files),
  create: (body: FileListBody) => callEndpoint(fileListsEndpoints.create, { body }),
  update: (id: number, body: FileListUpdateBody) => callEndpoint(fileListsEndpoints.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(fileListsEndpoints.remove, { params: { id } }),
  uploadList,
};

export const fileListsQueryKeys = {
  allPages: ['files', 'pages'] as const,
  pages: (search: string) => ['files', 'pages', search] as const,
  // every list, for the queue dialog and the bot options
  choices: ['files', 'choices'] as const,
};

type Pages = InfiniteData<FileListsPage, number>;

const mapPages = (data: Pages | undefined, map: (files: FileListView[], index: number) => FileListView[]) =>
  data && { ...data, pages: data.pages.map((page, index) => ({ ...page, files: map(page.files, index) })) };

// 02-operations §4: create or update upserts the item, delete removes it.
export const upsertFileListInCache = (client: QueryClient, fileList: FileListView) => {
  client.setQueriesData<Pages>({ queryKey: fileListsQueryKeys.allPages }, (data) => {
    const listed = data?.pages.some((page) => page.files.some((row) => row.id === fileList.id));
    return mapPages(data, (files, index) => {
      if (listed) return files.map((row) => (row.id === fileList.id ? fileList : row));
      return index === 0 ? [fileList, ...files] : files;
    });
  });
  void client.invalidateQueries({ queryKey: fileListsQueryKeys.choices });
};

export const removeFileListFromCache = (client: QueryClient, id: number) => {
  client.setQueriesData<Pages>({ queryKey: fileListsQueryKeys.allPages }, (data) => mapPages(data, (files) => files.filter((row) => row.id !== id)));
  void client.invalidateQueries({ queryKey: fileListsQueryKeys.choices });
};
