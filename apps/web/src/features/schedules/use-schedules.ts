import type { ScheduleView } from '@atende/shared/scheduled-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useRemoveMutation } from '../../lib/use-remove-mutation.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { toSchedulePayload, type ScheduleFormValues } from './schedule-form-values.ts';
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

// the attachment picked is sent after the save
export const useSaveSchedule = (schedule: ScheduleView | null, file: File | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: async (values: ScheduleFormValues & { contactId: number }) => {
      const payload = toSchedulePayload(values);
      const saved = schedule ? await schedulesApi.update(schedule.id, payload) : await schedulesApi.create(payload);
      return file ? schedulesApi.uploadMedia(saved.id, file) : saved;
    },
    store: refreshSchedules,
    savedToast: t('schedules.toasts.saved'),
  });
};

export const useRemoveSchedule = () => {
  const { t } = useTranslation();
  return useRemoveMutation({ remove: schedulesApi.remove, forget: (queryClient) => refreshSchedules(queryClient), removedToast: t('schedules.toasts.deleted') });
};

export const useRemoveScheduleMedia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => schedulesApi.removeMedia(id),
    onSuccess: (saved) => refreshSchedules(queryClient, saved),
    onError: (error) => toastError(error),
  });
};
