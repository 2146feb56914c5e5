import type { TagCreateBody, TagDetailView, TagRecordView, TagsPage, TagUpdateBody, TagView } from '@atende/shared/tags';
import { api } from '../../lib/api-client.ts';

export const tagsApi = {
  list: () => api.get<TagView[]>('/tags/list'),
  // the kanban tags are the lanes of a ticket's kanban stage
  kanbanLanes: () => api.get<TagView[]>('/tags/list', { kanban: 1 }),
  page: (search: string, pageNumber: number, kanban?: 0 | 1) =>
    api.get<TagsPage>('/tags', { searchParam: search, pageNumber, ...(kanban === undefined ? {} : { kanban }) }),
  get: (id: number) => api.get<TagDetailView>(`/tags/${id}`),
  create: (body: TagCreateBody) => api.post<TagRecordView>('/tags', body),
  update: (id: number, body: TagUpdateBody) => api.put<TagRecordView>(`/tags/${id}`, body),
  remove: (id: number) => api.delete<void>(`/tags/${id}`),
  removeContact: (tagId: number, contactId: number) => api.delete<void>(`/tags-contacts/${tagId}/${contactId}`),
};

// The kanban lanes sit under the list key, so a changed tag refreshes both.
export const tagsQueryKeys = {
  list: ['tags', 'list'] as const,
  kanbanLanes: ['tags', 'list', 'kanban'] as const,
  allPages: ['tags', 'pages'] as const,
  pages: (search: string, kanban?: 0 | 1) => ['tags', 'pages', search, kanban ?? 'all'] as const,
  one: (id: number) => ['tags', 'one', id] as const,
};
