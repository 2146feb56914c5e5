import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { quickMessagesApi, quickMessagesQueryKeys, removeQuickMessageFromCache, upsertQuickMessageInCache } from './quick-messages-api.ts';

export const useQuickMessagesPages = (search: string) =>
  useInfiniteQuery({
    queryKey: quickMessagesQueryKeys.pages(search),
    queryFn: ({ pageParam }) => quickMessagesApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useQuickMessagesList = (enabled: boolean) =>
  useQuery({ queryKey: quickMessagesQueryKeys.list, queryFn: quickMessagesApi.list, enabled, staleTime: 60_000 });

// company-{id}-quickmessage keeps the lists current.
export const useQuickMessageEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('quickmessage', (payload) => {
    if (payload.action === 'delete') removeQuickMessageFromCache(queryClient, payload.id);
    else upsertQuickMessageInCache(queryClient, payload.record);
  });
};
