// The periods the dashboard, its charts and the attendance panel read: whole UTC days, forwards,
// at most MAX_PERIOD_DAYS long (issue 18 Bad input: a reversed or absurd range is a clear 400).
import { addDays, MAX_PERIOD_DAYS, periodLength, type DayPeriod } from '@atende/shared/dashboard';
import { invalidField } from '../../platform/errors.ts';

// `field` names the later bound, the one the user would change.
export const checkedPeriod = (period: DayPeriod, field: string): DayPeriod => {
  if (period.from > period.to) throw invalidField(field, 'validation.periodReversed');
  if (periodLength(period) > MAX_PERIOD_DAYS) throw invalidField(field, 'validation.periodTooLong');
  return period;
};

// [from, to): the first instant of the period and the first instant after it
export const instantsOf = (period: DayPeriod) => ({
  from: new Date(`${period.from}T00:00:00Z`),
  to: new Date(`${addDays(period.to, 1)}T00:00:00Z`),
});
