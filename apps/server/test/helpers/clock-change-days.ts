// The daylight-saving change days the local-time tests walk through, each with the instant its
// clocks change and the UTC offsets (minutes) on either side, written down from the tz database
// so that the tests compare the code with a reading that does not come from it. The readings below
// hold only between a zone's previous and next changes, months away from these days.
import { weekdays } from '@atende/shared/service-hours';

export type ChangeDay = { name: string; zone: string; date: string; change: string; before: number; after: number };

export const changeDays: ChangeDay[] = [
  // 02:00 EST -> 03:00 EDT: 02:00-02:59 never shows
  { name: 'New York springs forward', zone: 'America/New_York', date: '2026-03-08', change: '2026-03-08T07:00:00Z', before: -300, after: -240 },
  // 02:00 EDT -> 01:00 EST: 01:00-01:59 shows twice
  { name: 'New York falls back', zone: 'America/New_York', date: '2026-11-01', change: '2026-11-01T06:00:00Z', before: -240, after: -300 },
  { name: 'Madrid springs forward', zone: 'Europe/Madrid', date: '2026-03-29', change: '2026-03-29T01:00:00Z', before: 60, after: 120 },
  { name: 'Madrid falls back', zone: 'Europe/Madrid', date: '2026-10-25', change: '2026-10-25T01:00:00Z', before: 120, after: 60 },
  // Chile changes at midnight: 24:00 of the 4th becomes 23:00 again, so 23:00-23:59 of
  // Saturday 2026-04-04 shows twice...
  { name: 'Santiago falls back', zone: 'America/Santiago', date: '2026-04-04', change: '2026-04-05T03:00:00Z', before: -180, after: -240 },
  // ...and 00:00 of Sunday 2026-09-06 becomes 01:00: that day has no midnight
  { name: 'Santiago springs forward', zone: 'America/Santiago', date: '2026-09-06', change: '2026-09-06T04:00:00Z', before: -240, after: -180 },
];

const MINUTE_MS = 60_000;
export const HALF_HOUR_MS = 30 * MINUTE_MS;

export type Reading = { date: string; weekday: (typeof weekdays)[number]; minutes: number };

// What the zone's wall clock shows at `at`.
export const readingAt = (day: ChangeDay, at: Date): Reading => {
  const offset = at.getTime() < Date.parse(day.change) ? day.before : day.after;
  const shown = new Date(at.getTime() + offset * MINUTE_MS);
  return {
    date: shown.toISOString().slice(0, 10),
    weekday: weekdays[(shown.getUTCDay() + 6) % 7],
    minutes: shown.getUTCHours() * 60 + shown.getUTCMinutes(),
  };
};

// A local date moved by whole days.
export const dateAfter = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// Every half-hour instant from some hours before `date` began anywhere until some hours after.
const halfHoursAround = (date: string) => {
  const first = Date.parse(`${date}T00:00:00Z`) - 15 * 3_600_000;
  return Array.from({ length: (24 + 30) * 2 + 1 }, (_, index) => new Date(first + index * HALF_HOUR_MS));
};

// Every half-hour instant whose wall clock shows `date` (a repeated hour counts twice, a skipped one not at all).
export const halfHoursOf = (day: ChangeDay, date = day.date) => halfHoursAround(date).filter((at) => readingAt(day, at).date === date);

const order = (reading: Pick<Reading, 'date' | 'minutes'>) => `${reading.date} ${String(reading.minutes).padStart(4, '0')}`;

// The first instant at which the wall clock shows `minutes` past midnight of `date` or later: of a
// reading shown twice the first, of one the clock skips the moment it jumps past it.
export const firstReading = (day: ChangeDay, date: string, minutes: number) =>
  halfHoursAround(date).find((at) => order(readingAt(day, at)) >= order({ date, minutes }));
