import {
  quickMessageBody,
  quickMessagesEndpoints as endpoints,
  type QuickMessagesPage,
  type QuickMessageUpdateBody,
  type QuickMessageView,
} from '@atende/shared/quick-messages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

export const quickMessagesApi = {
  page: (search: string, pageNumber: number) => callEndpoint(endpoints.page, { query: { searchParam: search, pageNumber } }),
  list: () => callEndpoint(endpoints.list, { query: {} }),
  create: (body: z.input<typeof quickMessageBody>) => callEndpoint(endpoints.create, { body }),
  update: (id: number, body: QuickMessageUpdateBody) => callEndpoint(endpoints.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(endpoints.remove, { params: { id } }),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', file);
    return sendFormToEndpoint(endpoints.uploadMedia, form, { params: { id } });
  },
  removeMedia: (id: number) => callEndpoint(endpoints.removeMedia, { params: { id } }),
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
