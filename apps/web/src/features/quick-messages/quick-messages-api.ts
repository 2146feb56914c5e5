import type { QuickMessageBody, QuickMessagesPage, QuickMessageUpdateBody, QuickMessageView } from '@atende/shared/quick-messages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client.ts';

export const quickMessagesApi = {
  page: (search: string, pageNumber: number) => api.get<QuickMessagesPage>('/quick-messages', { searchParam: search, pageNumber }),
  list: () => api.get<QuickMessageView[]>('/quick-messages/list'),
  create: (body: QuickMessageBody) => api.post<QuickMessageView>('/quick-messages', body),
  update: (id: number, body: QuickMessageUpdateBody) => api.put<QuickMessageView>(`/quick-messages/${id}`, body),
  remove: (id: number) => api.delete<void>(`/quick-messages/${id}`),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', file);
    return apiRequest<QuickMessageView>(`/quick-messages/${id}/media-upload`, { method: 'POST', body: form });
  },
  removeMedia: (id: number) => api.delete<QuickMessageView>(`/quick-messages/${id}/media-upload`),
};

export const quickMessagesQueryKeys = {
  all: ['quick-messages'] as const,
  allPages: ['quick-messages', 'pages'] as const,
  pages: (search: string) => ['quick-messages', 'pages', search] as const,
  list: ['quick-messages', 'list'] as const,
};

type Pages = InfiniteData<QuickMessagesPage, number>;

const mapPages = (data: Pages | undefined, map: (records: QuickMessageView[], index: number) => QuickMessageView[]) =>
  data && { ...data, pages: data.pages.map((page, index) => ({ ...page, records: map(page.records, index) })) };

// 02-operations §4: create and update upsert, delete removes; the chat's suggestions read again.
export const upsertQuickMessageInCache = (client: QueryClient, record: QuickMessageView) => {
  client.setQueriesData<Pages>({ queryKey: quickMessagesQueryKeys.allPages }, (data) => {
    const listed = data?.pages.some((page) => page.records.some((row) => row.id === record.id));
    return mapPages(data, (records, index) => {
      if (listed) return records.map((row) => (row.id === record.id ? record : row));
      return index === 0 ? [record, ...records] : records;
    });
  });
  void client.invalidateQueries({ queryKey: quickMessagesQueryKeys.list });
};

export const removeQuickMessageFromCache = (client: QueryClient, id: number) => {
  client.setQueriesData<Pages>({ queryKey: quickMessagesQueryKeys.allPages }, (data) => mapPages(data, (records) => records.filter((row) => row.id !== id)));
  void client.invalidateQueries({ queryKey: quickMessagesQueryKeys.list });
};
