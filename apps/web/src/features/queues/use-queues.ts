import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../realtime/use-company-event.ts';
import { queuesApi, queuesQueryKeys, removeQueueFromCache, upsertQueueInCache } from './queues-api.ts';

export const useQueues = () => useQuery({ queryKey: queuesQueryKeys.list, queryFn: queuesApi.list });

export const useQueue = (id: number | null) =>
  useQuery({ queryKey: queuesQueryKeys.one(id ?? 0), queryFn: () => queuesApi.get(id ?? 0), enabled: id !== null, staleTime: 0 });

// company-{id}-queue keeps the list current.
export const useQueueEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('queue', (payload) => {
    if (payload.action === 'delete') removeQueueFromCache(queryClient, payload.queueId);
    else upsertQueueInCache(queryClient, payload.queue);
  });
};
