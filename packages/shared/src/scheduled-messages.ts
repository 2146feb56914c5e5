// Scheduled messages (02-operations §3 Schedule, §5, §7 Schedules, §9). The service-hours
// schedules of companies, queues and connections are another thing: see schedules.ts.
import { z } from 'zod';
import { idParam, pageNumberQuery, searchParamQuery } from './validation.ts';

// intervalo: 1 days, 2 weeks, 3 months, 4 minutes
export const scheduleIntervals = [1, 2, 3, 4] as const;
export type ScheduleInterval = (typeof scheduleIntervals)[number];
export const scheduleIntervalNames = { 1: 'days', 2: 'weeks', 3: 'months', 4: 'minutes' } as const;
// tipoDias: 4 send on the non-working day anyway, 5 one working day before, 6 one working day after
export const scheduleDayRules = [4, 5, 6] as const;
export type ScheduleDayRule = (typeof scheduleDayRules)[number];
export const scheduleDayRuleNames = { 4: 'sendAnyway', 5: 'workingDayBefore', 6: 'workingDayAfter' } as const;
// PENDENTE: an occurrence is still to go; ENVIADA: every occurrence went; ERRO: the last could not
export const scheduleStatuses = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULES_PAGE_SIZE = 40;
export const SCHEDULE_MAX_OCCURRENCES = 1000;
// 02-operations §5: png, jpg, jpeg, pdf, xls, xlsx, gif
export const scheduleMediaExtensions = ['png', 'jpg', 'jpeg', 'pdf', 'xls', 'xlsx', 'gif'] as const;
export const SCHEDULE_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

// 02-operations §9 Schedule defaults
export const scheduleDefaults = {
  openTicket: 'enabled',
  statusTicket: 'closed',
  intervalo: 1,
  valorIntervalo: 0,
  enviarQuantasVezes: 1,
  tipoDias: 4,
  assinar: false,
} as const;
export const SCHEDULE_DEFAULT_LEAD_MS = 60 * 60 * 1000;

// A date and time the browser's picker or an integration sends ('2026-03-02T09:30', with or
// without seconds and offset); read as an instant by the server.
export const dateTimeText = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/, 'validation.invalidDate')
  .refine((text) => !Number.isNaN(Date.parse(text)), 'validation.invalidDate');

const scheduleFields = {
  body: z.string({ error: 'validation.required' }).trim().min(SCHEDULE_BODY_MIN, 'validation.tooShort').max(5000, 'validation.tooLong'),
  contactId: idParam,
  sendAt: dateTimeText,
  // the connection that sends; none: the contact's own connection, else the company's default
  whatsappId: idParam.nullable().optional(),
  openTicket: z.enum(['enabled', 'disabled']),
  ticketUserId: idParam.nullable().optional(),
  queueId: idParam.nullable().optional(),
  statusTicket: z.enum(['closed', 'open']),
  intervalo: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'validation.invalidChoice' }),
  valorIntervalo: z.number().int().min(0).max(10_000),
  enviarQuantasVezes: z.number().int().min(1).max(SCHEDULE_MAX_OCCURRENCES),
  tipoDias: z.union([z.literal(4), z.literal(5), z.literal(6)], { error: 'validation.invalidChoice' }),
  assinar: z.boolean(),
  // sent by the web; the tenant comes from the token
  companyId: z.unknown().optional(),
  userId: z.unknown().optional(),
};

export const scheduleCreateBody = z.strictObject({
  ...scheduleFields,
  openTicket: scheduleFields.openTicket.default(scheduleDefaults.openTicket),
  statusTicket: scheduleFields.statusTicket.default(scheduleDefaults.statusTicket),
  intervalo: scheduleFields.intervalo.default(scheduleDefaults.intervalo),
  valorIntervalo: scheduleFields.valorIntervalo.default(scheduleDefaults.valorIntervalo),
  enviarQuantasVezes: scheduleFields.enviarQuantasVezes.default(scheduleDefaults.enviarQuantasVezes),
  tipoDias: scheduleFields.tipoDias.default(scheduleDefaults.tipoDias),
  assinar: scheduleFields.assinar.default(scheduleDefaults.assinar),
});
export type ScheduleCreateBody = z.infer<typeof scheduleCreateBody>;
export type ScheduleCreateInput = z.input<typeof scheduleCreateBody>;

export const scheduleUpdateBody = z.strictObject(scheduleFields).partial();
export type ScheduleUpdateBody = z.infer<typeof scheduleUpdateBody>;

export const schedulesListQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
  contactId: idParam.optional(),
  // the calendar asks for the schedules whose send time falls in the range it shows
  from: dateTimeText.optional(),
  to: dateTimeText.optional(),
  companyId: z.unknown().optional(),
});
export type SchedulesListQuery = z.infer<typeof schedulesListQuery>;

export const scheduleParams = z.strictObject({ scheduleId: idParam });

export type ScheduleView = {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string; number: string };
  sendAt: string;
  // when the next occurrence goes out (tipoDias applied); null once none is left
  nextSendAt: string | null;
  sentAt: string | null;
  status: ScheduleStatus;
  // why the last occurrence could not go (status ERRO)
  errorMessage: string | null;
  sentCount: number;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  openTicket: 'enabled' | 'disabled';
  ticketUserId: number | null;
  queueId: number | null;
  statusTicket: 'closed' | 'open';
  intervalo: ScheduleInterval;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: ScheduleDayRule;
  assinar: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  userId: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

export type SchedulesPage = { schedules: ScheduleView[]; count: number; hasMore: boolean };
