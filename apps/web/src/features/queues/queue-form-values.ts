import { DEFAULT_QUEUE_COLOR, type QueueBody, type QueueView } from '@atende/shared/queues';
import { weekdays, type WeekdaySchedule } from '@atende/shared/schedules';

export type QueueFormValues = {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  ativarRoteador: boolean;
  tempoRoteador: number;
  closeTicket: boolean;
  schedules: WeekdaySchedule[];
};

// 02-operations §9: default service hours 08:00-12:00 and 13:00-18:00
export const defaultSchedules = (label: (weekday: string) => string): WeekdaySchedule[] =>
  weekdays.map((weekdayEn) => ({
    weekday: label(weekdayEn),
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));

export const toQueueFormValues = (queue: QueueView | null, label: (weekday: string) => string): QueueFormValues => {
  const defaults = defaultSchedules(label);
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? DEFAULT_QUEUE_COLOR,
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    ativarRoteador: queue?.ativarRoteador ?? false,
    tempoRoteador: queue?.tempoRoteador ?? 0,
    closeTicket: queue?.closeTicket ?? false,
    schedules: defaults.map((day) => queue?.schedules.find((saved) => saved.weekdayEn === day.weekdayEn) ?? day),
  };
};

export const toQueuePayload = (values: QueueFormValues, withSchedules: boolean): QueueBody => {
  const { schedules, ...rest } = values;
  return withSchedules ? { ...rest, schedules } : rest;
};
