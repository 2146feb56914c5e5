import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { tagsApi, tagsQueryKeys } from './tags-api.ts';
import { removeTagFromCache, upsertTagInCache } from './tags-cache.ts';

const pickerStaleTime = 60_000;

export const useTagsList = () => useQuery({ queryKey: tagsQueryKeys.list, queryFn: tagsApi.list, staleTime: pickerStaleTime });

export const useKanbanLanes = () => useQuery({ queryKey: tagsQueryKeys.kanbanLanes, queryFn: tagsApi.kanbanLanes, staleTime: pickerStaleTime });

export const useTagsPages = (search: string, kanban?: 0 | 1) =>
  useInfiniteQuery({
    queryKey: tagsQueryKeys.pages(search, kanban),
    queryFn: ({ pageParam }) => tagsApi.page(search, pageParam, kanban),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useTag = (id: number | null) =>
  useQuery({ queryKey: tagsQueryKeys.one(id ?? 0), queryFn: () => tagsApi.get(id ?? 0), enabled: id !== null, staleTime: 0 });

// company{id}-tag keeps the tag lists current (02-operations §4).
export const useTagEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('tag', (payload) => {
    if (payload.action === 'delete') removeTagFromCache(queryClient, payload.tagId);
    else upsertTagInCache(queryClient, payload.tag);
  });
};
