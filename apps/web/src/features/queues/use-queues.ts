import type { QueueView } from '@atende/shared/queues';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { toQueuePayload, type QueueFormValues } from './queue-form-values.ts';
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

// the service hours go only where the company keeps them per queue
export const useSaveQueue = (queue: QueueView | null, withSchedules: boolean) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: QueueFormValues) => {
      const payload = toQueuePayload(values, withSchedules);
      return queue ? queuesApi.update(queue.id, payload) : queuesApi.create(payload);
    },
    store: upsertQueueInCache,
    savedToast: t('queues.toasts.saved'),
  });
};
