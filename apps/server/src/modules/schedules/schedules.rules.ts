// When each occurrence of a scheduled message goes out (02-operations §3 Schedule): the first at
// sendAt, then every valorIntervalo days, weeks, months or minutes (intervalo), enviarQuantasVezes
// in all. Days, weeks and months keep the wall-clock time of the company's time zone; the n-th
// month is counted from the first, so the 31st falls on each month's last day and comes back.
// tipoDias moves an occurrence that falls on a weekend to the Friday before (5) or the Monday
// after (6), or leaves it (4).
import type { ScheduleDayRule, ScheduleInterval } from '@atende/shared/scheduled-messages';
import { addDays, addMonths, sameTimeOn, wallClock } from '../../platform/local-time.ts';

export type Recurrence = {
  sendAt: Date;
  intervalo: ScheduleInterval;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: ScheduleDayRule;
};

const MINUTE_MS = 60_000;

export const occurrenceCount = (recurrence: Pick<Recurrence, 'valorIntervalo' | 'enviarQuantasVezes'>) =>
  recurrence.valorIntervalo > 0 ? recurrence.enviarQuantasVezes : 1;

const nominal = (recurrence: Recurrence, index: number, timeZone: string) => {
  const steps = index * recurrence.valorIntervalo;
  if (steps === 0) return recurrence.sendAt;
  if (recurrence.intervalo === 4) return new Date(recurrence.sendAt.getTime() + steps * MINUTE_MS);
  const start = wallClock(recurrence.sendAt, timeZone).date;
  const date = recurrence.intervalo === 3 ? addMonths(start, steps) : addDays(start, steps * (recurrence.intervalo === 2 ? 7 : 1));
  return sameTimeOn(recurrence.sendAt, date, timeZone);
};

const weekendShift: Record<ScheduleDayRule, Record<'saturday' | 'sunday', number>> = {
  4: { saturday: 0, sunday: 0 },
  5: { saturday: -1, sunday: -2 },
  6: { saturday: 2, sunday: 1 },
};

const onWorkingDay = (at: Date, rule: ScheduleDayRule, timeZone: string) => {
  const local = wallClock(at, timeZone);
  if (local.weekday !== 'saturday' && local.weekday !== 'sunday') return at;
  const days = weekendShift[rule][local.weekday];
  return days === 0 ? at : sameTimeOn(at, addDays(local.date, days), timeZone);
};

// The instant occurrence `index` (0 = the first) goes out, or undefined past the last.
export const occurrenceAt = (recurrence: Recurrence, index: number, timeZone: string) =>
  index < occurrenceCount(recurrence) ? onWorkingDay(nominal(recurrence, index, timeZone), recurrence.tipoDias, timeZone) : undefined;
