import { DEFAULT_QUEUE_COLOR, type QueueAssignmentMode, type QueueBody, type QueueView } from '@atende/shared/queues';
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { weekWithDefaults } from '../../lib/week-service-hours.ts';

export type QueueFormValues = {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  ativarRoteador: boolean;
  tempoRoteador: number;
  assignment: QueueAssignmentMode;
  closeTicket: boolean;
  integrationId: number | null;
  fileListId: number | null;
  schedules: WeekdayServiceHours[];
};

export const toQueueFormValues = (queue: QueueView | null, label: (weekday: string) => string): QueueFormValues => ({
  name: queue?.name ?? '',
  color: queue?.color ?? DEFAULT_QUEUE_COLOR,
  greetingMessage: queue?.greetingMessage ?? '',
  outOfHoursMessage: queue?.outOfHoursMessage ?? '',
  ativarRoteador: queue?.ativarRoteador ?? false,
  tempoRoteador: queue?.tempoRoteador ?? 0,
  assignment: queue?.assignment ?? 'manual',
  closeTicket: queue?.closeTicket ?? false,
  integrationId: queue?.integrationId ?? null,
  fileListId: queue?.fileListId ?? null,
  schedules: weekWithDefaults(queue?.schedules, label),
});

export const toQueuePayload = (values: QueueFormValues, withSchedules: boolean): QueueBody => {
  const { schedules, ...rest } = values;
  return withSchedules ? { ...rest, schedules } : rest;
};
