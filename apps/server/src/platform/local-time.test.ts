import { describe, expect, it } from 'vitest';
import { changeDays, dateAfter, firstReading, halfHoursOf, readingAt } from '../../test/helpers/clock-change-days.ts';
import { addDays, addMonths, clockMarks, wallClock, weekdayOf, zonedInstant } from './local-time.ts';

const halfHourReadings = Array.from({ length: 48 }, (_, index) => index * 30);

describe.each(changeDays)('local time on a daylight-saving change day: $name ($date, $zone) (02-operations §9 service hours, §3 Schedule, Campaign settings)', (day) => {
  it('reads the wall clock at every half-hour of the day', () => {
    for (const at of halfHoursOf(day)) expect({ at, ...wallClock(at, day.zone) }).toEqual({ at, ...readingAt(day, at) });
  });

  it('finds the instant of every half-hour reading: a repeated one at its first showing, a skipped one when the clock jumps past it', () => {
    for (const minutes of halfHourReadings) {
      const instant = zonedInstant(day.date, minutes, day.zone);
      expect({ minutes, instant }).toEqual({ minutes, instant: firstReading(day, day.date, minutes) });
      const skipped = halfHoursOf(day).every((at) => readingAt(day, at).minutes !== minutes);
      // the round trip gives the reading back, unless the clock skipped it
      if (!skipped) expect({ minutes, back: wallClock(instant, day.zone).minutes }).toEqual({ minutes, back: minutes });
    }
  });

  it('lists every instant the wall clock comes to a reading, both showings of a repeated one, and the clock change itself', () => {
    const from = zonedInstant(dateAfter(day.date, -1), 0, day.zone);
    const to = new Date(zonedInstant(dateAfter(day.date, 2), 0, day.zone).getTime() - 1);
    for (const minutes of halfHourReadings) {
      const expected = [...halfHoursOf(day, dateAfter(day.date, -1)), ...halfHoursOf(day), ...halfHoursOf(day, dateAfter(day.date, 1))]
        .filter((at) => readingAt(day, at).minutes === minutes || at.getTime() === Date.parse(day.change));
      expect({ minutes, marks: clockMarks(from, to, day.zone, [minutes]) }).toEqual({ minutes, marks: expected });
    }
  });
});

describe('calendar dates (02-operations §3 Schedule)', () => {
  it('moves by days and months, a day the month lacks becoming its last', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(weekdayOf('2026-03-08')).toBe('sunday');
    expect(weekdayOf('2026-04-04')).toBe('saturday');
  });
});
