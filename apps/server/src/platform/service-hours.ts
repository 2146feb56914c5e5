// Service hours and collective vacation (02-operations §3 schedules, §9), read in the server's
// configured time zone: two shifts (A and B) per weekday, HH:MM, end exclusive. The bot reads them to
// answer out of hours, SLA policies to count only open hours.
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { clockMarks, DAY_MS, wallClock, zonedInstant } from './local-time.ts';

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const shiftsOf = (entry: WeekdayServiceHours | undefined) =>
  entry
    ? [
        [entry.startTimeA, entry.endTimeA],
        [entry.startTimeB, entry.endTimeB],
      ]
        .filter(([start, end]) => start && end)
        .map(([start, end]) => ({ start: toMinutes(start), end: toMinutes(end) }))
    : [];

// An empty list means no hours were configured: always open. A weekday missing from a
// configured list, or listed without shifts, is closed all day.
export const isWithinHours = (schedules: WeekdayServiceHours[], at: Date, timeZone: string) => {
  if (schedules.length === 0) return true;
  const now = wallClock(at, timeZone);
  return shiftsOf(schedules.find((entry) => entry.weekdayEn === now.weekday)).some(
    (shift) => now.minutes >= shift.start && now.minutes < shift.end,
  );
};

// When the closure `at` falls in began: the last moment, up to eight days before it, at which the
// hours closed (a shift's end, or a change of clocks that left a shift), or undefined when there is none.
export const closedSince = (schedules: WeekdayServiceHours[], at: Date, timeZone: string) => {
  const boundaries = [...new Set(schedules.flatMap((entry) => shiftsOf(entry).flatMap((shift) => [shift.start, shift.end])))];
  const closes = (mark: Date) => !isWithinHours(schedules, mark, timeZone) && isWithinHours(schedules, new Date(mark.getTime() - 1), timeZone);
  // a day at a time, most often the last closing is that day's
  for (let back = 0; back < 8; back++) {
    const until = new Date(at.getTime() - back * DAY_MS);
    const closing = clockMarks(new Date(until.getTime() - DAY_MS), until, timeZone, boundaries).reverse().find(closes);
    if (closing) return closing;
  }
  return undefined;
};

export type Vacation = { start: string | null; end: string | null; message: string };

// Collective vacation covers whole days, start and end included, in the configured zone.
export const vacationAt = (vacation: Vacation, at: Date, timeZone: string) => {
  if (!vacation.message.trim() || !vacation.start || !vacation.end) return undefined;
  const today = wallClock(at, timeZone).date;
  if (today < vacation.start || today > vacation.end) return undefined;
  return { message: vacation.message, since: zonedInstant(vacation.start, 0, timeZone) };
};
