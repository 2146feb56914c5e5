import type { ChatbotBody, ChatbotUpdateBody, ChatbotView, QueueBody, QueueView } from '@atende/shared/queues';
import type { QueueSummary } from '@atende/shared/users';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const queuesApi = {
  list: () => api.get<QueueView[]>('/queue'),
  // the queues of the signed-in user (01-core §7 GET /queue/user)
  mine: () => api.get<QueueSummary[]>('/queue/user'),
  get: (id: number) => api.get<QueueView>(`/queue/${id}`),
  create: (body: QueueBody) => api.post<QueueView>('/queue', body),
  update: (id: number, body: Partial<QueueBody>) => api.put<QueueView>(`/queue/${id}`, body),
  remove: (id: number) => api.delete<void>(`/queue/${id}`),
  createOption: (body: ChatbotBody) => api.post<ChatbotView>('/chatbot', body),
  updateOption: (id: number, body: ChatbotUpdateBody) => api.put<ChatbotView>(`/chatbot/${id}`, body),
  removeOption: (id: number) => api.delete<void>(`/chatbot/${id}`),
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
