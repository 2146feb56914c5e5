import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { fileListsApi, fileListsQueryKeys, removeFileListFromCache, upsertFileListInCache } from './file-lists-api.ts';

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
