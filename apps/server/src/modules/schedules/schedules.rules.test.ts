import { describe, expect, it } from 'vitest';
import { changeDays, dateAfter, firstReading } from '../../../test/helpers/clock-change-days.ts';
import { occurrenceAt, type Recurrence } from './schedules.rules.ts';

const halfHourReadings = Array.from({ length: 48 }, (_, index) => index * 30);

describe.each(changeDays)('schedule recurrences across a daylight-saving change day: $name ($date, $zone) (02-operations §3 Schedule)', (day) => {
  const recurrence = (sendAt: Date | undefined, intervalo: Recurrence['intervalo']): Recurrence => ({
    sendAt: sendAt ?? new Date(Number.NaN),
    intervalo,
    valorIntervalo: 1,
    enviarQuantasVezes: 5,
    tipoDias: 4,
  });

  it('a daily schedule keeps its wall-clock time before, on and after the change, at every half-hour of the day', () => {
    for (const minutes of halfHourReadings) {
      const daily = recurrence(firstReading(day, dateAfter(day.date, -2), minutes), 1);
      const expected = [-2, -1, 0, 1, 2].map((days) => firstReading(day, dateAfter(day.date, days), minutes));
      expect({ minutes, at: [0, 1, 2, 3, 4].map((index) => occurrenceAt(daily, index, day.zone)) }).toEqual({ minutes, at: expected });
    }
  });

  it('weekly and monthly schedules land on the change day at their wall-clock time', () => {
    // two months before, so that the 29th passes through February 28th first
    const twoMonthsBefore = `${day.date.slice(0, 5)}${String(Number(day.date.slice(5, 7)) - 2).padStart(2, '0')}${day.date.slice(7)}`;
    for (const minutes of halfHourReadings) {
      const weekly = recurrence(firstReading(day, dateAfter(day.date, -7), minutes), 2);
      const monthly = recurrence(firstReading(day, twoMonthsBefore, minutes), 3);
      const expected = firstReading(day, day.date, minutes);
      expect({ minutes, weekly: occurrenceAt(weekly, 1, day.zone), monthly: occurrenceAt(monthly, 2, day.zone) }).toEqual({
        minutes,
        weekly: expected,
        monthly: expected,
      });
    }
  });
});

describe('schedule recurrences and working days around a clock change (02-operations §3 Schedule, tipoDias)', () => {
  it('daily at 02:30 in New York: the 8th has no 02:30 and goes when the clock jumps to 03:00', () => {
    const daily: Recurrence = { sendAt: new Date('2026-03-07T07:30:00Z'), intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 4 };
    expect([0, 1, 2].map((index) => occurrenceAt(daily, index, 'America/New_York'))).toEqual([
      new Date('2026-03-07T07:30:00Z'), // 02:30 EST
      new Date('2026-03-08T07:00:00Z'), // 03:00 EDT
      new Date('2026-03-09T06:30:00Z'), // 02:30 EDT
    ]);
  });

  it('a Saturday occurrence in the repeated hour moved to Monday (6) or Friday (5) keeps its wall-clock time', () => {
    // Santiago, Saturday 2026-04-04 23:30, first showing (-03)
    const saturday = new Date('2026-04-05T02:30:00Z');
    const once = (tipoDias: Recurrence['tipoDias']): Recurrence => ({ sendAt: saturday, intervalo: 1, valorIntervalo: 0, enviarQuantasVezes: 1, tipoDias });
    expect(occurrenceAt(once(6), 0, 'America/Santiago')).toEqual(new Date('2026-04-07T03:30:00Z')); // Monday 23:30 -04
    expect(occurrenceAt(once(5), 0, 'America/Santiago')).toEqual(new Date('2026-04-04T02:30:00Z')); // Friday 23:30 -03
    expect(occurrenceAt(once(4), 0, 'America/Santiago')).toEqual(saturday);
  });

  it('keeps the seconds of sendAt', () => {
    const daily: Recurrence = { sendAt: new Date('2026-10-24T01:30:15.250Z'), intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 2, tipoDias: 4 };
    // Madrid 03:30:15.250 CEST on the 24th, CET on the 25th
    expect(occurrenceAt(daily, 1, 'Europe/Madrid')).toEqual(new Date('2026-10-25T02:30:15.250Z'));
  });
});
