import type { FileListView } from '@atende/shared/file-lists';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { fileListsApi, fileListsQueryKeys, removeFileListFromCache, upsertFileListInCache, type OptionUpload } from './file-lists-api.ts';

export const useFileListsPages = (search: string) =>
  useInfiniteQuery({
    queryKey: fileListsQueryKeys.pages(search),
    queryFn: ({ pageParam }) => fileListsApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useFileListChoices = (enabled = true) => useQuery({ queryKey: fileListsQueryKeys.choices, queryFn: fileListsApi.all, enabled });

// company-{id}-file keeps the lists current.
export const useFileListEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('file', (payload) => {
    if (payload.action === 'delete') removeFileListFromCache(queryClient, payload.fileId);
    else upsertFileListInCache(queryClient, payload.fileList);
  });
};

// An option as the form holds it: its saved id and stored file, or a file chosen now.
export type FileListOptionValues = { id?: number; name: string; path: string | null; file: File | null };
export type FileListFormValues = { name: string; message: string; options: FileListOptionValues[] };

export const useSaveFileList = (record: FileListView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: async (values: FileListFormValues) => {
      const body = { name: values.name, message: values.message, options: values.options.map(({ id, name }) => ({ id, name })) };
      const saved = record ? await fileListsApi.update(record.id, body) : await fileListsApi.create(body);
      // the server keeps the options in the order sent, so the n-th saved option is the n-th row
      const uploads = values.options.flatMap((option, index): OptionUpload[] => (option.file ? [{ optionId: saved.options[index].id, file: option.file }] : []));
      return (await fileListsApi.uploadList(saved.id, uploads)) ?? saved;
    },
    store: upsertFileListInCache,
    savedToast: t('fileLists.toasts.saved'),
  });
};
