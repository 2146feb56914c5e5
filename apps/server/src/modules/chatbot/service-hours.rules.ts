// Service hours and collective vacation (02-operations §3 schedules, §9), read in the server's
// configured time zone: two shifts (A and B) per weekday, HH:MM, end exclusive.
import { weekdays, type WeekdaySchedule } from '@atende/shared/schedules';

const DAY_MS = 86_400_000;

type LocalTime = { date: string; weekday: (typeof weekdays)[number]; minutes: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

export const localTime = (at: Date, timeZone: string): LocalTime => {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday.toLowerCase() as LocalTime['weekday'],
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
};

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// The instant at which the wall clock of timeZone shows `minutes` past midnight of `date`.
export const zonedInstant = (date: string, minutes: number, timeZone: string) => {
  const guess = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const shown = localTime(new Date(guess), timeZone);
  const shownAt = Date.parse(`${shown.date}T00:00:00Z`) + shown.minutes * 60_000;
  return new Date(guess - (shownAt - guess));
};

const shiftsOf = (entry: WeekdaySchedule | undefined) =>
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
export const isWithinHours = (schedules: WeekdaySchedule[], at: Date, timeZone: string) => {
  if (schedules.length === 0) return true;
  const now = localTime(at, timeZone);
  return shiftsOf(schedules.find((entry) => entry.weekdayEn === now.weekday)).some(
    (shift) => now.minutes >= shift.start && now.minutes < shift.end,
  );
};

// When the closure `at` falls in began: the end of the last shift before it (looking one week
// back), or undefined when there is none.
export const closedSince = (schedules: WeekdaySchedule[], at: Date, timeZone: string) => {
  let latest: Date | undefined;
  for (let back = 0; back <= 7 && !latest; back++) {
    const day = localTime(new Date(at.getTime() - back * DAY_MS), timeZone);
    for (const shift of shiftsOf(schedules.find((entry) => entry.weekdayEn === day.weekday))) {
      const end = zonedInstant(day.date, shift.end, timeZone);
      if (end <= at && (!latest || end > latest)) latest = end;
    }
  }
  return latest;
};

export type Vacation = { start: string | null; end: string | null; message: string };

// Collective vacation covers whole days, start and end included, in the configured zone.
export const vacationAt = (vacation: Vacation, at: Date, timeZone: string) => {
  if (!vacation.message.trim() || !vacation.start || !vacation.end) return undefined;
  const today = localTime(at, timeZone).date;
  if (today < vacation.start || today > vacation.end) return undefined;
  return { message: vacation.message, since: zonedInstant(vacation.start, 0, timeZone) };
};
