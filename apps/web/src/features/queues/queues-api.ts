import { queuesEndpoints, type ChatbotBody, type ChatbotUpdateBody, type QueueBody, type QueueView } from '@atende/shared/queues';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const queuesApi = {
  list: () => callEndpoint(queuesEndpoints.list),
  // the queues of the signed-in user (01-core §7 GET /queue/user)
  mine: () => callEndpoint(queuesEndpoints.mine),
  get: (id: number) => callEndpoint(queuesEndpoints.show, { params: { queueId: id } }),
  create: (body: QueueBody) => callEndpoint(queuesEndpoints.create, { body }),
  update: (id: number, body: Partial<QueueBody>) => callEndpoint(queuesEndpoints.update, { params: { queueId: id }, body }),
  remove: (id: number) => callEndpoint(queuesEndpoints.remove, { params: { queueId: id } }),
  createOption: (body: ChatbotBody) => callEndpoint(queuesEndpoints.createOption, { body }),
  updateOption: (id: number, body: ChatbotUpdateBody) => callEndpoint(queuesEndpoints.updateOption, { params: { chatbotId: id }, body }),
  removeOption: (id: number) => callEndpoint(queuesEndpoints.removeOption, { params: { chatbotId: id } }),
};

// The queues screen and the queue pickers of other screens share the list (one GET /queue answer).
export const queuesQueryKeys = {
  list: ['queue'] as const,
  mine: ['queue', 'user'] as const,
  one: (id: number) => ['queues', 'one', id] as const,
};

export const upsertQueueInCache = (client: QueryClient, queue: QueueView) => {
  client.setQueryData<QueueView[]>(queuesQueryKeys.list, (list) => {
    if (!list) return list;
    return list.some((row) => row.id === queue.id) ? list.map((row) => (row.id === queue.id ? queue : row)) : [...list, queue];
  });
  client.setQueryData<QueueView>(queuesQueryKeys.one(queue.id), (current) => (current ? queue : current));
};

export const removeQueueFromCache = (client: QueryClient, queueId: number) => {
  client.setQueryData<QueueView[]>(queuesQueryKeys.list, (list) => list?.filter((row) => row.id !== queueId));
  client.removeQueries({ queryKey: queuesQueryKeys.one(queueId) });
};
