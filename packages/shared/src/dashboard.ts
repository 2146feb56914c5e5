// The dashboard of 01-core §2, §3 Dashboard counters and attendant row, §7 /dashboard calls, and
// the attendance panel of 02-operations §2, §3 Panel ticket, §7. What each figure counts is in
// docs/dashboard-reports.md.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { booleanText, jsonIdList } from './tickets.ts';
import { isoDatePrefix } from './validation.ts';

// The longest period a dashboard, chart or report reads (a year and a day, so any calendar year
// fits): beyond it the request is refused rather than scanning a tenant's whole history.
export const MAX_PERIOD_DAYS = 366;

// 01-core §9: the dashboard starts on the first day of the current month through today; the
// attendance panel reads the last 30 days.
export const PANEL_DAYS = 30;

const day = isoDatePrefix.transform((text) => text.slice(0, 10));

export const dashboardQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(MAX_PERIOD_DAYS).optional(),
  date_from: day.optional(),
  date_to: day.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const ticketsChartQuery = z.strictObject({
  initialDate: day.optional(),
  finalDate: day.optional(),
  // the family's clients send it; the company is the token's
  companyId: z.coerce.number().int().optional(),
});
export type TicketsChartQuery = z.infer<typeof ticketsChartQuery>;

export const momentsQuery = z.strictObject({
  status: z.enum(['open', 'pending']).optional(),
  showAll: booleanText.optional(),
  queueIds: jsonIdList.optional(),
  dateStart: day.optional(),
  dateEnd: day.optional(),
  userId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type MomentsQuery = z.infer<typeof momentsQuery>;

const count = z.number().int();
// minutes, ratings and percentages, rounded to two decimals
const measure = z.number();

export const dashboardCounters = z
  .object({
    supportHappening: count,
    supportPending: count,
    supportFinished: count,
    supportGroups: count,
    leads: count,
    avgSupportTime: measure,
    avgWaitTime: measure,
    activeTickets: count,
    passiveTickets: count,
    tickets: count,
    waitRating: count,
    withoutRating: count,
    withRating: count,
    percRating: measure,
    npsScore: measure,
    npsPromotersPerc: measure,
    npsPassivePerc: measure,
    npsDetractorsPerc: measure,
  })
  .meta({ id: 'DashboardCounters' });
export type DashboardCounters = z.infer<typeof dashboardCounters>;

export const dashboardAttendant = z
  .object({
    id: z.number().int(),
    name: z.string(),
    rating: measure,
    countRating: count,
    tickets: count,
    avgWaitTime: measure,
    avgSupportTime: measure,
    online: z.boolean(),
  })
  .meta({ id: 'DashboardAttendant' });
export type DashboardAttendant = z.infer<typeof dashboardAttendant>;

export const dashboardAnswer = z.object({ counters: dashboardCounters, attendants: z.array(dashboardAttendant) }).meta({ id: 'Dashboard' });
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const ticketsUsersAnswer = z
  .object({ data: z.array(z.object({ nome: z.string(), quantidade: count })), count })
  .meta({ id: 'DashboardTicketsPerUser' });
export type TicketsUsersAnswer = z.infer<typeof ticketsUsersAnswer>;

// one point per day of the period, or per hour ('00'..'23') when the period is a single day
export const ticketsDayAnswer = z
  .object({ data: z.array(z.object({ data: z.string(), horario: z.string().optional(), total: count })), count })
  .meta({ id: 'DashboardTicketsPerDay' });
export type TicketsDayAnswer = z.infer<typeof ticketsDayAnswer>;

// issue 40 point 3: the SLA targets started in the period that were decided (met or breached),
// those met in time, those breached (even if answered later), and the hit rate: the share met in
// time, a percentage with two decimals, null without any decided target (docs/automation.md).
const slaFigure = z.object({ targets: count, metInTime: count, breached: count, hitRate: measure.nullable() });
export type SlaFigure = z.infer<typeof slaFigure>;

// by the queue and the owner the ticket had when the target was met or breached; null: none
export const slaFiguresAnswer = z
  .object({
    total: slaFigure,
    byQueue: z.array(slaFigure.extend({ queueId: z.number().int().nullable(), queueName: z.string().nullable() })),
    byUser: z.array(slaFigure.extend({ userId: z.number().int().nullable(), userName: z.string().nullable() })),
  })
  .meta({ id: 'DashboardSla' });
export type SlaFiguresAnswer = z.infer<typeof slaFiguresAnswer>;

// A period of whole days: [from, to], both 'YYYY-MM-DD', read in UTC.
export type DayPeriod = { from: string; to: string };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (dayText: string, days: number) => {
  const date = new Date(`${dayText}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
};

export const currentMonthPeriod = (now: Date): DayPeriod => {
  const today = isoDay(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
};

export const lastDaysPeriod = (now: Date, days: number): DayPeriod => {
  const today = isoDay(now);
  return { from: addDays(today, 1 - days), to: today };
};

export const periodLength = (period: DayPeriod) =>
  Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1;

// A new company's first steps (issue 35 point 13), each true once the company's own data shows it
// done: a connected channel (the sandbox counts), a queue, a second user, an attendant's reply.
export const onboardingSteps = ['channel', 'queue', 'attendant', 'reply'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const onboardingAnswer = z
  .object({ channel: z.boolean(), queue: z.boolean(), attendant: z.boolean(), reply: z.boolean() })
  .meta({ id: 'DashboardOnboarding' });
export type OnboardingAnswer = z.infer<typeof onboardingAnswer>;

// 01-core §7 /dashboard calls: admins, and users whose showDashboard is enabled (01-core §6); a
// reversed or longer than MAX_PERIOD_DAYS period is a 400
export const dashboardEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/dashboard',
    query: dashboardQuery,
    response: dashboardAnswer,
    operationId: 'showDashboard',
    summary: "The period's counters and every attendant's figures (the current month through today by default)",
  }),
  ticketsUsers: defineEndpoint({
    method: 'GET',
    path: '/dashboard/ticketsUsers',
    query: ticketsChartQuery,
    response: ticketsUsersAnswer,
    operationId: 'countTicketsPerUser',
    summary: "The period's tickets per attendant, most first",
  }),
  ticketsDay: defineEndpoint({
    method: 'GET',
    path: '/dashboard/ticketsDay',
    query: ticketsChartQuery,
    response: ticketsDayAnswer,
    operationId: 'countTicketsPerDay',
    summary: "The period's tickets per UTC day, or per hour when the period is one day",
  }),
  // issue 40 point 3: plans with automation
  sla: defineEndpoint({
    method: 'GET',
    path: '/dashboard/sla',
    query: dashboardQuery,
    response: slaFiguresAnswer,
    operationId: 'showSlaFigures',
    summary: "The period's SLA hit rate and breaches, in all and by queue and attendant (the current month through today by default)",
  }),
  // issue 35 point 13 (not in the spec): for the admins who set the company up
  onboarding: defineEndpoint({
    method: 'GET',
    path: '/dashboard/onboarding',
    response: onboardingAnswer,
    operationId: 'showOnboarding',
    summary: "Which of a new company's first steps are done (a connected channel, a queue, a second user, a reply)",
  }),
};
