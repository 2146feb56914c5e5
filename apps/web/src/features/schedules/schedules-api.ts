import type { ScheduleCreateBody, SchedulesPage, ScheduleUpdateBody, ScheduleView } from '@atende/shared/scheduled-messages';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type ScheduleRange = { from: string; to: string };

export const schedulesApi = {
  page: (range: ScheduleRange, pageNumber: number) => api.get<SchedulesPage>('/schedules', { ...range, pageNumber }),
  // the calendar shows every schedule of its range, however many pages that takes
  range: async (range: ScheduleRange) => {
    const all: ScheduleView[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await schedulesApi.page(range, pageNumber);
      all.push(...page.schedules);
      if (!page.hasMore) return all;
    }
  },
  get: (id: number) => api.get<ScheduleView>(`/schedules/${id}`),
  create: (body: ScheduleCreateBody) => api.post<ScheduleView>('/schedules', body),
  update: (id: number, body: ScheduleUpdateBody) => api.put<ScheduleView>(`/schedules/${id}`, body),
  remove: (id: number) => api.delete<void>(`/schedules/${id}`),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<ScheduleView>(`/schedules/${id}/media-upload`, form);
  },
  removeMedia: (id: number) => api.delete<ScheduleView>(`/schedules/${id}/media-upload`),
};

export const schedulesQueryKeys = {
  all: ['schedules'] as const,
  range: (range: ScheduleRange) => ['schedules', 'range', range.from, range.to] as const,
  one: (id: number) => ['schedules', 'one', id] as const,
};

// A change seen live or made here: the ranges are read again, the open record replaced.
export const refreshSchedules = (client: QueryClient, schedule?: ScheduleView) => {
  if (schedule) client.setQueryData<ScheduleView>(schedulesQueryKeys.one(schedule.id), (current) => (current ? schedule : current));
  void client.invalidateQueries({ queryKey: [...schedulesQueryKeys.all, 'range'] });
};
