import { describe, expect, it } from 'vitest';
import { weekdays, type WeekdayServiceHours } from '@atende/shared/service-hours';
import { changeDays, HALF_HOUR_MS, halfHoursOf, readingAt, type ChangeDay } from '../../test/helpers/clock-change-days.ts';
import { closedSince, isWithinHours, vacationAt } from './service-hours.ts';

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// Every day the same two shifts: an hour from `start`, then an hour from 90 minutes later.
const everyDay = (start: number): WeekdayServiceHours[] =>
  weekdays.map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: hhmm(start),
    endTimeA: hhmm(start + 60),
    startTimeB: hhmm(start + 90),
    endTimeB: hhmm(start + 150),
  }));
// every two hours from 00:00 to 20:00: the shifts then begin and end at every hour and half-hour
// of the day, in the skipped and repeated hours too
const shiftStarts = Array.from({ length: 11 }, (_, index) => index * 120);

const openAt = (day: ChangeDay, start: number, at: Date) => {
  const { minutes } = readingAt(day, at);
  return (minutes >= start && minutes < start + 60) || (minutes >= start + 90 && minutes < start + 150);
};

// The last half-hour at or before `at` at which the hours went from open to closed.
const lastClosing = (day: ChangeDay, start: number, at: Date) => {
  for (let back = at.getTime(); back > at.getTime() - 2 * 86_400_000; back -= HALF_HOUR_MS) {
    if (!openAt(day, start, new Date(back)) && openAt(day, start, new Date(back - HALF_HOUR_MS))) return new Date(back);
  }
  return undefined;
};

describe.each(changeDays)('service hours on a daylight-saving change day: $name ($date, $zone) (02-operations §9 service hours)', (day) => {
  it('is open at a half-hour exactly when the wall clock is inside a shift, shift end excluded', () => {
    for (const start of shiftStarts) {
      for (const at of halfHoursOf(day)) {
        expect({ start, at, open: isWithinHours(everyDay(start), at, day.zone) }).toEqual({ start, at, open: openAt(day, start, at) });
      }
    }
  });

  it('a closed period began when the hours last closed, also when a shift ends in a skipped or repeated hour (one out-of-hours answer per closed period)', () => {
    for (const start of shiftStarts) {
      for (const at of halfHoursOf(day).filter((instant) => !openAt(day, start, instant))) {
        expect({ start, at, since: closedSince(everyDay(start), at, day.zone) }).toEqual({ start, at, since: lastClosing(day, start, at) });
      }
    }
  });
});

describe('collective vacation on a daylight-saving change day (02-operations §3 collective vacation)', () => {
  it('begins when its first day does, on a day without midnight too', () => {
    const vacation = { start: '2026-09-06', end: '2026-09-07', message: 'Férias' };
    // Santiago's 2026-09-06 begins at 01:00 (04:00Z), when 23:59 of the 5th jumps forward
    expect(vacationAt(vacation, new Date('2026-09-06T03:59:00Z'), 'America/Santiago')).toBeUndefined();
    expect(vacationAt(vacation, new Date('2026-09-06T04:00:00Z'), 'America/Santiago')).toEqual({ message: 'Férias', since: new Date('2026-09-06T04:00:00Z') });
    // Saturday 2026-04-04 ends at the second 23:59, 03:59Z on the 5th
    const april = { start: '2026-04-01', end: '2026-04-04', message: 'Férias' };
    expect(vacationAt(april, new Date('2026-04-05T03:59:00Z'), 'America/Santiago')).toEqual({ message: 'Férias', since: new Date('2026-04-01T03:00:00Z') });
    expect(vacationAt(april, new Date('2026-04-05T04:00:00Z'), 'America/Santiago')).toBeUndefined();
  });
});
