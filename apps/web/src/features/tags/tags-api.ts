import type { TagView } from '@atende/shared/tags';
import { api } from '../../lib/api-client.ts';

export const tagsApi = {
  list: () => api.get<TagView[]>('/tags/list'),
  // the kanban tags are the lanes of a ticket's kanban stage
  kanbanLanes: () => api.get<TagView[]>('/tags/list', { kanban: 1 }),
};

// The kanban lanes sit under the list key, so a changed tag refreshes both.
export const tagsQueryKeys = {
  list: ['tags', 'list'] as const,
  kanbanLanes: ['tags', 'list', 'kanban'] as const,
};
