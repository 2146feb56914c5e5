import { schedulesEndpoints, scheduleUpdateBody, type ScheduleCreateInput, type ScheduleView } from '@atende/shared/scheduled-messages';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

export type ScheduleRange = { from: string; to: string };

export const schedulesApi = {
  page: (range: ScheduleRange, pageNumber: number) => callEndpoint(schedulesEndpoints.page, { query: { ...range, pageNumber } }),
  // the calendar shows every schedule of its range, however many pages that takes
  range: async (range: ScheduleRange) => {
    const all: ScheduleView[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await schedulesApi.page(range, pageNumber);
      all.push(...page.schedules);
      if (!page.hasMore) return all;
    }
  },
  get: (id: number) => callEndpoint(schedulesEndpoints.show, { params: { scheduleId: id } }),
  create: (body: ScheduleCreateInput) => callEndpoint(schedulesEndpoints.create, { body }),
  update: (id: number, body: z.input<typeof scheduleUpdateBody>) => callEndpoint(schedulesEndpoints.update, { params: { scheduleId: id }, body }),
  remove: (id: number) => callEndpoint(schedulesEndpoints.remove, { params: { scheduleId: id } }),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return sendFormToEndpoint(schedulesEndpoints.uploadMedia, form, { params: { scheduleId: id } });
  },
  removeMedia: (id: number) => callEndpoint(schedulesEndpoints.removeMedia, { params: { scheduleId: id } }),
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
