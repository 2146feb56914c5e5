import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { queuesApi, queuesQueryKeys, removeQueueFromCache, upsertQueueInCache } from './queues-api.ts';

export const useQueues = () => useQuery({ queryKey: queuesQueryKeys.list, queryFn: queuesApi.list });

// Pickers on other screens: the list changes rarely and company-{id}-queue updates it.
const pickerStaleTime = 60_000;

export const useQueueOptions = (enabled = true) =>
  useQuery({ queryKey: queuesQueryKeys.list, queryFn: queuesApi.list, enabled, staleTime: pickerStaleTime });

export const useMyQueues = () => useQuery({ queryKey: queuesQueryKeys.mine, queryFn: queuesApi.mine, staleTime: pickerStaleTime });

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
