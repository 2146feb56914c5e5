// When each occurrence of a scheduled message goes out (02-operations §3 Schedule): the first at
// sendAt, then every valorIntervalo days, weeks, months or minutes (intervalo), enviarQuantasVezes
// in all. Days, weeks and months keep the wall-clock time of the company's time zone; the n-th
// month is counted from the first, so the 31st falls on each month's last day and comes back.
// tipoDias moves an occurrence that falls on a weekend to the Friday before (5) or the Monday
// after (6), or leaves it (4).
import type { ScheduleDayRule, ScheduleInterval } from '@atende/shared/scheduled-messages';
import { localTime, zonedInstant } from '../chatbot/service-hours.rules.ts';

export type Recurrence = {
  sendAt: Date;
  intervalo: ScheduleInterval;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: ScheduleDayRule;
};

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export const occurrenceCount = (recurrence: Pick<Recurrence, 'valorIntervalo' | 'enviarQuantasVezes'>) =>
  recurrence.valorIntervalo > 0 ? recurrence.enviarQuantasVezes : 1;

// YYYY-MM-DD moved by whole days or months (a day the month lacks becomes its last day).
const shiftDate = (date: string, days: number, months = 0) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const targetMonth = month - 1 + months;
  const lastDay = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, targetMonth, Math.min(day, lastDay)) + days * DAY_MS).toISOString().slice(0, 10);
};

// The same wall-clock time (seconds included) on another local date.
const onDate = (reference: Date, date: string, timeZone: string) => {
  const local = localTime(reference, timeZone);
  return new Date(zonedInstant(date, local.minutes, timeZone).getTime() + (reference.getTime() % MINUTE_MS));
};

const nominal = (recurrence: Recurrence, index: number, timeZone: string) => {
  const steps = index * recurrence.valorIntervalo;
  if (steps === 0) return recurrence.sendAt;
  if (recurrence.intervalo === 4) return new Date(recurrence.sendAt.getTime() + steps * MINUTE_MS);
  const start = localTime(recurrence.sendAt, timeZone).date;
  const date = recurrence.intervalo === 3 ? shiftDate(start, 0, steps) : shiftDate(start, steps * (recurrence.intervalo === 2 ? 7 : 1));
  return onDate(recurrence.sendAt, date, timeZone);
};

const weekendShift: Record<ScheduleDayRule, Record<'saturday' | 'sunday', number>> = {
  4: { saturday: 0, sunday: 0 },
  5: { saturday: -1, sunday: -2 },
  6: { saturday: 2, sunday: 1 },
};

const onWorkingDay = (at: Date, rule: ScheduleDayRule, timeZone: string) => {
  const local = localTime(at, timeZone);
  if (local.weekday !== 'saturday' && local.weekday !== 'sunday') return at;
  const days = weekendShift[rule][local.weekday];
  return days === 0 ? at : onDate(at, shiftDate(local.date, days), timeZone);
};

// The instant occurrence `index` (0 = the first) goes out, or undefined past the last.
export const occurrenceAt = (recurrence: Recurrence, index: number, timeZone: string) =>
  index < occurrenceCount(recurrence) ? onWorkingDay(nominal(recurrence, index, timeZone), recurrence.tipoDias, timeZone) : undefined;
