import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { refreshSchedules, schedulesApi, schedulesQueryKeys, type ScheduleRange } from './schedules-api.ts';

export const useSchedulesInRange = (range: ScheduleRange) =>
  useQuery({ queryKey: schedulesQueryKeys.range(range), queryFn: () => schedulesApi.range(range) });

export const useSchedule = (id: number | null) =>
  useQuery({ queryKey: schedulesQueryKeys.one(id ?? 0), queryFn: () => schedulesApi.get(id ?? 0), enabled: id !== null, staleTime: 0 });

// company-{id}-schedule: a schedule created, changed, sent or deleted anywhere shows at once.
export const useScheduleEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('schedule', (payload) => {
    if (payload.action === 'delete') queryClient.removeQueries({ queryKey: schedulesQueryKeys.one(payload.scheduleId) });
    refreshSchedules(queryClient, payload.action === 'delete' ? undefined : payload.schedule);
  });
};
