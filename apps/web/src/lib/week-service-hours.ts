import { weekdays, type WeekdayServiceHours } from '@atende/shared/service-hours';

// 02-operations §9: default service hours 08:00-12:00 and 13:00-18:00
const defaultHours = (label: (weekday: string) => string): WeekdayServiceHours[] =>
  weekdays.map((weekdayEn) => ({
    weekday: label(weekdayEn),
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));

// A full week for a form: the saved days, and the default hours for days never saved.
export const weekWithDefaults = (saved: WeekdayServiceHours[] | undefined, label: (weekday: string) => string): WeekdayServiceHours[] =>
  defaultHours(label).map((day) => saved?.find((entry) => entry.weekdayEn === day.weekdayEn) ?? day);
