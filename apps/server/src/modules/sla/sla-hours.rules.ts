// When an SLA target falls due (issue 40 point 3): a number of minutes after its start, counted on
// the calendar or only while the service hours are open (the hours the bot reads, in the server's
// time zone; platform/service-hours.ts).
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import type { SlaHoursMode } from '@atende/shared/sla';
import { clockMarks, DAY_MS } from '../../platform/local-time.ts';
import { isWithinHours } from '../../platform/service-hours.ts';

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// a week and a day reaches every weekday's shifts and one change of clocks
const SEARCH_DAYS = 8;

const boundariesOf = (schedules: WeekdayServiceHours[]) => [
  ...new Set(
    schedules.flatMap((entry) =>
      [entry.startTimeA, entry.endTimeA, entry.startTimeB, entry.endTimeB].filter((time) => time !== '').map(toMinutes),
    ),
  ),
];

// The first instant after `from` at which the hours open or close, or undefined when they never
// change (no shift at all).
const nextChange = (schedules: WeekdayServiceHours[], boundaries: number[], from: Date, timeZone: string) => {
  const open = isWithinHours(schedules, from, timeZone);
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const start = new Date(from.getTime() + day * DAY_MS);
    const change = clockMarks(start, new Date(start.getTime() + DAY_MS), timeZone, boundaries).find(
      (mark) => mark > from && isWithinHours(schedules, mark, timeZone) !== open,
    );
    if (change) return change;
  }
  return undefined;
};

// Adds `minutes` of open hours to `from`. Hours with no shift on any day (or none configured)
// count as always open, like the bot's reading of them.
export const addServiceMinutes = (schedules: WeekdayServiceHours[], from: Date, minutes: number, timeZone: string) => {
  const boundaries = boundariesOf(schedules);
  let left = minutes * 60_000;
  let cursor = from;
  for (;;) {
    const change = nextChange(schedules, boundaries, cursor, timeZone);
    if (!change) return new Date(cursor.getTime() + left);
    if (isWithinHours(schedules, cursor, timeZone)) {
      const open = change.getTime() - cursor.getTime();
      if (left <= open) return new Date(cursor.getTime() + left);
      left -= open;
    }
    cursor = change;
  }
};

export const slaDueAt = (mode: SlaHoursMode, schedules: WeekdayServiceHours[], from: Date, minutes: number, timeZone: string) =>
  mode === 'calendar' ? new Date(from.getTime() + minutes * 60_000) : addServiceMinutes(schedules, from, minutes, timeZone);
