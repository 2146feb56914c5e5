import { SCHEDULE_DEFAULT_LEAD_MS, scheduleDefaults, type ScheduleCreateInput, type ScheduleView } from '@atende/shared/scheduled-messages';

// the schema's input: the shared schema judges the values, which go as typed
export type ScheduleFormValues = ScheduleCreateInput;

// The date picker's value: local date and time to the minute.
const pad = (value: number) => String(value).padStart(2, '0');
export const toLocalInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

// 02-operations §9 Schedule defaults: one hour from now, open a ticket, close it, send once.
export const toScheduleFormValues = (schedule: ScheduleView | null, contactId: number | undefined, now = new Date()): ScheduleFormValues =>
  schedule
    ? {
        body: schedule.body,
        contactId: schedule.contactId,
        sendAt: toLocalInput(new Date(schedule.sendAt)),
        whatsappId: schedule.whatsappId,
        openTicket: schedule.openTicket,
        ticketUserId: schedule.ticketUserId,
        queueId: schedule.queueId,
        statusTicket: schedule.statusTicket,
        intervalo: schedule.intervalo,
        valorIntervalo: schedule.valorIntervalo,
        enviarQuantasVezes: schedule.enviarQuantasVezes,
        tipoDias: schedule.tipoDias,
        assinar: schedule.assinar,
      }
    : {
        ...scheduleDefaults,
        body: '',
        contactId,
        sendAt: toLocalInput(new Date(now.getTime() + SCHEDULE_DEFAULT_LEAD_MS)),
        whatsappId: null,
        ticketUserId: null,
        queueId: null,
      };

// The picked local time goes to the server as an instant.
export const toSchedulePayload = (values: ScheduleFormValues & { contactId: number }): ScheduleCreateInput => ({
  ...values,
  sendAt: new Date(values.sendAt).toISOString(),
});
