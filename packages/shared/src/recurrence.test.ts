import { describe, expect, it } from 'vitest';
import { addRecurrence } from './recurrence.ts';

describe('renewal by recurrence (03-saas §4 renewal moves the due date by 1, 2, 3, 6 or 12 months)', () => {
  it('adds the recurrence in months', () => {
    expect(addRecurrence('2026-01-15', 'MENSAL')).toBe('2026-02-15');
    expect(addRecurrence('2026-01-15', 'BIMESTRAL')).toBe('2026-03-15');
    expect(addRecurrence('2026-11-15', 'TRIMESTRAL')).toBe('2027-02-15');
    expect(addRecurrence('2026-01-15', 'SEMESTRAL')).toBe('2026-07-15');
    expect(addRecurrence('2026-02-28', 'ANUAL')).toBe('2027-02-28');
  });

  it('keeps to the last day of a shorter month', () => {
    expect(addRecurrence('2026-01-31', 'MENSAL')).toBe('2026-02-28');
    expect(addRecurrence('2028-01-31', 'MENSAL')).toBe('2028-02-29');
    expect(addRecurrence('2026-08-31', 'SEMESTRAL')).toBe('2027-02-28');
  });
});
