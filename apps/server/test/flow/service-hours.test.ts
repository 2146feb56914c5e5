import { describe, expect, it } from 'vitest';
import { defaultServiceHours } from '@atende/shared/service-hours';
import { closedSince, isWithinHours, vacationAt } from '../../src/platform/service-hours.ts';

describe('service hours in a time zone (02-operations §9 default service hours)', () => {
  it('reads the default hours on the wall clock of the zone, shift end excluded (02-operations §9)', () => {
    const zone = 'America/Sao_Paulo';
    expect(isWithinHours(defaultServiceHours, new Date('2026-03-02T11:00:00Z'), zone)).toBe(true); // 08:00
    expect(isWithinHours(defaultServiceHours, new Date('2026-03-02T10:59:00Z'), zone)).toBe(false); // 07:59
    expect(isWithinHours(defaultServiceHours, new Date('2026-03-02T15:00:00Z'), zone)).toBe(false); // 12:00
    expect(isWithinHours(defaultServiceHours, new Date('2026-03-02T16:00:00Z'), zone)).toBe(true); // 13:00
    expect(isWithinHours([], new Date('2026-03-02T03:00:00Z'), zone)).toBe(true);
  });

  it('finds when the current closure began across midnight and daylight saving changes (02-operations §9)', () => {
    // New York moved to daylight time on 2026-03-08: 18:00 on the 7th is 23:00Z, on the 8th 22:00Z
    const zone = 'America/New_York';
    expect(closedSince(defaultServiceHours, new Date('2026-03-08T07:00:00Z'), zone)).toEqual(new Date('2026-03-07T23:00:00Z'));
    expect(closedSince(defaultServiceHours, new Date('2026-03-09T01:00:00Z'), zone)).toEqual(new Date('2026-03-08T22:00:00Z'));
    expect(closedSince([], new Date('2026-03-09T01:00:00Z'), zone)).toBeUndefined();
  });

  it('a collective vacation covers whole local days, both ends included (02-operations §3)', () => {
    const vacation = { start: '2026-03-01', end: '2026-03-05', message: 'Férias' };
    const zone = 'America/Sao_Paulo';
    expect(vacationAt(vacation, new Date('2026-03-06T02:59:00Z'), zone)).toEqual({ message: 'Férias', since: new Date('2026-03-01T03:00:00Z') });
    expect(vacationAt(vacation, new Date('2026-03-06T03:00:00Z'), zone)).toBeUndefined();
    expect(vacationAt({ ...vacation, message: ' ' }, new Date('2026-03-02T12:00:00Z'), zone)).toBeUndefined();
  });
});
