// Local time in the configured zone (TIMEZONE) on every day of the year: what the wall clock shows
// at an instant, and when it shows a given time. The zone arithmetic is the Temporal polyfill's;
// this module adds only the product's rule for the times a change of clocks skips or repeats.
import { Temporal } from 'temporal-polyfill';
import { weekdays } from '@atende/shared/service-hours';

export type Weekday = (typeof weekdays)[number];
export type WallClock = { date: string; weekday: Weekday; minutes: number };

export const DAY_MS = 86_400_000;

const zoned = (at: Date, timeZone: string) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone);

const atMinutes = (date: string, minutes: number) => Temporal.PlainDate.from(date).toPlainDateTime().add({ minutes });

// The first instant at which the wall clock shows `local` or later. A time shown twice (clocks
// going back) is its first showing; a time the clocks skip is the moment they jump past it, so
// that an opening or a shift's end in the skipped hour happens when the clock leaves it.
const firstShowing = (local: Temporal.PlainDateTime, timeZone: string) => {
  const earlier = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (earlier.toPlainDateTime().equals(local)) return new Date(earlier.epochMilliseconds);
  // a skipped time read with the offset after the change falls before it, so a change follows
  return new Date(earlier.getTimeZoneTransition('next')!.epochMilliseconds);
};

export const wallClock = (at: Date, timeZone: string): WallClock => {
  const local = zoned(at, timeZone);
  return { date: local.toPlainDate().toString(), weekday: weekdays[local.dayOfWeek - 1], minutes: local.hour * 60 + local.minute };
};

// When the wall clock of timeZone shows `minutes` past midnight of `date` (YYYY-MM-DD).
export const zonedInstant = (date: string, minutes: number, timeZone: string) => firstShowing(atMinutes(date, minutes), timeZone);

// The wall-clock time of `reference`, to the millisecond, on another date.
export const sameTimeOn = (reference: Date, date: string, timeZone: string) =>
  firstShowing(Temporal.PlainDate.from(date).toPlainDateTime(zoned(reference, timeZone).toPlainTime()), timeZone);

export const addDays = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString();

// A day the target month lacks becomes its last day.
export const addMonths = (date: string, months: number) => Temporal.PlainDate.from(date).add({ months }).toString();

export const weekdayOf = (date: string): Weekday => weekdays[Temporal.PlainDate.from(date).dayOfWeek - 1];

// Every instant from `from` to `to` (both included), in order, at which the wall clock comes to
// one of `minutes` past midnight (both showings of a time shown twice) or jumps (a change of
// offset): the only instants at which a rule that reads the wall clock can change its answer.
export const clockMarks = (from: Date, to: Date, timeZone: string, minutes: number[]) => {
  // changes from a day before `from` on: the second showing of a repeated time comes after its change
  const changes: number[] = [];
  for (
    let change = zoned(new Date(from.getTime() - DAY_MS), timeZone).getTimeZoneTransition('next');
    change && change.epochMilliseconds <= to.getTime();
    change = change.getTimeZoneTransition('next')
  ) {
    changes.push(change.epochMilliseconds);
  }
  // Without a change the wall clock only moves forward, so the dates it shows lie between those of
  // the two ends and each time shows once; around a change, a day more on each side and both showings.
  const margin = changes.length ? 1 : 0;
  const disambiguations = changes.length ? (['earlier', 'later'] as const) : (['earlier'] as const);
  const marks = new Set(changes);
  const last = Temporal.PlainDate.from(wallClock(to, timeZone).date).add({ days: margin });
  for (
    let date = Temporal.PlainDate.from(wallClock(from, timeZone).date).subtract({ days: margin });
    Temporal.PlainDate.compare(date, last) <= 0;
    date = date.add({ days: 1 })
  ) {
    for (const local of minutes.map((minute) => date.toPlainDateTime().add({ minutes: minute }))) {
      for (const disambiguation of disambiguations) {
        const instant = local.toZonedDateTime(timeZone, { disambiguation });
        if (instant.toPlainDateTime().equals(local)) marks.add(instant.epochMilliseconds);
      }
    }
  }
  return [...marks]
    .filter((mark) => mark >= from.getTime() && mark <= to.getTime())
    .sort((a, b) => a - b)
    .map((mark) => new Date(mark));
};
