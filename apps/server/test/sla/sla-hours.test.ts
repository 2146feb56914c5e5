import { describe, expect, it } from 'vitest';
import { defaultServiceHours, type WeekdayServiceHours } from '@atende/shared/service-hours';
import { addServiceMinutes, slaDueAt } from '../../src/modules/sla/sla-hours.rules.ts';

const zone = 'America/Sao_Paulo';
const at = (local: string) => new Date(`${local}-03:00`);

// 08:00-12:00 and 13:00-18:00 on weekdays, closed at weekends
const weekdaysOnly: WeekdayServiceHours[] = defaultServiceHours.map((day) =>
  day.weekdayEn === 'saturday' || day.weekdayEn === 'sunday' ? { ...day, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' } : day,
);

describe('issue 40 point 3: SLA due moments', () => {
  it('calendar hours add the minutes as they are', () => {
    expect(slaDueAt('calendar', weekdaysOnly, at('2026-11-27T17:50:00'), 90, zone)).toEqual(at('2026-11-27T19:20:00'));
  });

  it('service hours inside one shift add the minutes as they are', () => {
    expect(addServiceMinutes(defaultServiceHours, at('2026-11-24T09:00:00'), 30, zone)).toEqual(at('2026-11-24T09:30:00'));
  });

  it('service hours skip the lunch break', () => {
    expect(addServiceMinutes(defaultServiceHours, at('2026-11-24T11:50:00'), 20, zone)).toEqual(at('2026-11-24T13:10:00'));
  });

  it('a target ending exactly at a closing is due then, not at the next opening', () => {
    expect(addServiceMinutes(defaultServiceHours, at('2026-11-24T11:30:00'), 30, zone)).toEqual(at('2026-11-24T12:00:00'));
  });

  it('a start outside the hours counts from the next opening', () => {
    expect(addServiceMinutes(defaultServiceHours, at('2026-11-24T06:00:00'), 15, zone)).toEqual(at('2026-11-24T08:15:00'));
    expect(addServiceMinutes(defaultServiceHours, at('2026-11-24T12:30:00'), 15, zone)).toEqual(at('2026-11-24T13:15:00'));
  });

  it('service hours carry over the night and the weekend', () => {
    // Friday 17:50 with 30 minutes: 10 on Friday, 20 on Monday morning
    expect(slaDueAt('service', weekdaysOnly, at('2026-11-27T17:50:00'), 30, zone)).toEqual(at('2026-11-30T08:20:00'));
    // a whole working day (540 minutes) from Tuesday 10:00 is Wednesday 10:00
    expect(addServiceMinutes(weekdaysOnly, at('2026-11-24T10:00:00'), 540, zone)).toEqual(at('2026-11-25T10:00:00'));
  });

  it('a long target crosses several weeks', () => {
    // five working days of 540 minutes each is one week later at the same time
    expect(addServiceMinutes(weekdaysOnly, at('2026-11-24T10:00:00'), 5 * 540, zone)).toEqual(at('2026-12-01T10:00:00'));
  });

  it('hours not configured, or without any shift, count as always open', () => {
    expect(addServiceMinutes([], at('2026-11-28T23:00:00'), 120, zone)).toEqual(at('2026-11-29T01:00:00'));
    const noShift = weekdaysOnly.map((day) => ({ ...day, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }));
    expect(addServiceMinutes(noShift, at('2026-11-28T23:00:00'), 120, zone)).toEqual(at('2026-11-29T01:00:00'));
  });

  it('a change of clocks counts the hours the wall clock shows open', () => {
    // Europe/Berlin goes back on 2026-10-25 at 03:00 (to 02:00); open 01:00-04:00 that Sunday only
    const berlin = 'Europe/Berlin';
    const sundayNight = defaultServiceHours.map((day) =>
      day.weekdayEn === 'sunday' ? { ...day, startTimeA: '01:00', endTimeA: '04:00', startTimeB: '', endTimeB: '' } : { ...day, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
    );
    // from 01:00 CEST (23:00 UTC) the shift lasts four real hours, up to 04:00 CET (03:00 UTC)
    expect(addServiceMinutes(sundayNight, new Date('2026-10-24T23:00:00Z'), 240, berlin)).toEqual(new Date('2026-10-25T03:00:00Z'));
  });
});
