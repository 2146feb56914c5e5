// Scheduled messages (02-operations §3 Schedule, §5, §7 Schedules, §9). The service-hours
// schedules of companies, queues and connections are another thing: see schedules.ts.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
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

export const scheduleView = z
  .object({
    id: z.number().int(),
    body: z.string(),
    contactId: z.number().int(),
    contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }),
    sendAt: z.string(),
    // when the next occurrence goes out (tipoDias applied); null once none is left
    nextSendAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    status: z.enum(scheduleStatuses),
    // why the last occurrence could not go (status ERRO)
    errorMessage: z.string().nullable(),
    sentCount: z.number().int(),
    whatsappId: z.number().int().nullable(),
    whatsapp: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    openTicket: z.enum(['enabled', 'disabled']),
    ticketUserId: z.number().int().nullable(),
    queueId: z.number().int().nullable(),
    statusTicket: z.enum(['closed', 'open']),
    intervalo: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    valorIntervalo: z.number().int(),
    enviarQuantasVezes: z.number().int(),
    tipoDias: z.union([z.literal(4), z.literal(5), z.literal(6)]),
    assinar: z.boolean(),
    mediaPath: z.string().nullable(),
    mediaName: z.string().nullable(),
    userId: z.number().int().nullable(),
    companyId: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ScheduledMessage' });
export type ScheduleView = z.infer<typeof scheduleView>;

export const schedulesPage = z.object({ schedules: z.array(scheduleView), count: z.number().int(), hasMore: z.boolean() }).meta({ id: 'ScheduledMessagePage' });
export type SchedulesPage = z.infer<typeof schedulesPage>;

// 02-operations §7 Schedules calls
const notFound = { 404: ['ERR_NO_SCHEDULE_FOUND'] } as const;
// a contact, connection or user of the body that is not the company's
const referencesNotFound = { 404: ['ERR_NO_SCHEDULE_FOUND', 'ERR_NO_CONTACT_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NO_USER_FOUND'] } as const;
export const schedulesEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/schedules',
    query: schedulesListQuery,
    response: schedulesPage,
    operationId: 'listScheduledMessages',
    summary: 'A page of scheduled messages, searched by text, of one contact or sent within a range',
  }),
  show: defineEndpoint({ method: 'GET', path: '/schedules/:scheduleId', params: scheduleParams, response: scheduleView, operationId: 'showScheduledMessage', summary: 'One scheduled message', errors: notFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/schedules',
    body: scheduleCreateBody,
    response: scheduleView,
    status: 201,
    operationId: 'createScheduledMessage',
    summary: 'Schedules a message to a contact, once or repeated',
    errors: { 404: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NO_USER_FOUND'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/schedules/:scheduleId',
    params: scheduleParams,
    body: scheduleUpdateBody,
    response: scheduleView,
    operationId: 'updateScheduledMessage',
    summary: 'Changes a scheduled message; fields left out are kept',
    errors: referencesNotFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/schedules/:scheduleId',
    params: scheduleParams,
    response: null,
    status: 204,
    operationId: 'deleteScheduledMessage',
    summary: 'Removes a scheduled message and its attachment',
    errors: notFound,
  }),
  // the body is multipart (one `file`), read by the route
  uploadMedia: defineEndpoint({
    method: 'POST',
    path: '/schedules/:scheduleId/media-upload',
    params: scheduleParams,
    response: scheduleView,
    operationId: 'uploadScheduledMessageMedia',
    summary: "Sets a scheduled message's attachment (png, jpg, pdf, xls, xlsx or gif)",
    errors: { 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], ...notFound, 413: ['ERR_FILE_TOO_LARGE'] },
  }),
  removeMedia: defineEndpoint({
    method: 'DELETE',
    path: '/schedules/:scheduleId/media-upload',
    params: scheduleParams,
    response: scheduleView,
    operationId: 'deleteScheduledMessageMedia',
    summary: "Removes a scheduled message's attachment",
    errors: notFound,
  }),
};
