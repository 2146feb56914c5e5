// Service hours: two shifts (A and B) per weekday, HH:MM, for companies, queues and connections
// (02-operations §3, §9: default 08:00-12:00 and 13:00-18:00).
import { z } from 'zod';
import { hhmm } from './validation.ts';

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const optionalTime = z.union([z.literal(''), hhmm]);

export const weekdayServiceHours = z.strictObject({
  weekday: z.string().max(30),
  weekdayEn: z.enum(weekdays),
  startTimeA: optionalTime,
  endTimeA: optionalTime,
  startTimeB: optionalTime,
  endTimeB: optionalTime,
});
export type WeekdayServiceHours = z.infer<typeof weekdayServiceHours>;

export const weekServiceHours = z.array(weekdayServiceHours).max(7);

// service hours as answered, as stored (each was checked when it was written)
export const weekdayServiceHoursView = z.object({
  weekday: z.string(),
  weekdayEn: z.enum(weekdays),
  startTimeA: z.string(),
  endTimeA: z.string(),
  startTimeB: z.string(),
  endTimeB: z.string(),
});

// 02-operations §9: 08:00-12:00 and 13:00-18:00 every day; a company starts with these hours.
const weekdayNames: Record<(typeof weekdays)[number], string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};
export const defaultServiceHours: WeekdayServiceHours[] = weekdays.map((weekdayEn) => ({
  weekday: weekdayNames[weekdayEn],
  weekdayEn,
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
}));

export const companyServiceHoursBody = z.strictObject({ schedules: weekServiceHours });
