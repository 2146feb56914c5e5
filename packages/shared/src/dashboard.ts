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

export type DashboardCounters = {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  supportGroups: number;
  leads: number;
  avgSupportTime: number;
  avgWaitTime: number;
  activeTickets: number;
  passiveTickets: number;
  tickets: number;
  waitRating: number;
  withoutRating: number;
  withRating: number;
  percRating: number;
  npsScore: number;
  npsPromotersPerc: number;
  npsPassivePerc: number;
  npsDetractorsPerc: number;
};

export type DashboardAttendant = {
  id: number;
  name: string;
  rating: number;
  countRating: number;
  tickets: number;
  avgWaitTime: number;
  avgSupportTime: number;
  online: boolean;
};

export type DashboardAnswer = { counters: DashboardCounters; attendants: DashboardAttendant[] };

export type TicketsUsersAnswer = { data: Array<{ nome: string; quantidade: number }>; count: number };
// one point per day of the period, or per hour ('00'..'23') when the period is a single day
export type TicketsDayAnswer = { data: Array<{ data: string; horario?: string; total: number }>; count: number };

export type PanelTicket = {
  id: number;
  uuid: string;
  status: 'open' | 'pending';
  userId: number | null;
  user: { id: number; name: string } | null;
  contact: { id: number; name: string; number: string; urlPicture: string | null };
  lastMessage: string;
  whatsapp: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  unreadMessages: number;
  updatedAt: string;
};

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

export const dashboardEndpoints = {
  onboarding: defineEndpoint({
    method: 'GET',
    path: '/dashboard/onboarding',
    response: onboardingAnswer,
    operationId: 'showOnboarding',
    summary: "Which of a new company's first steps are done (a connected channel, a queue, a second user, a reply)",
  }),
};
