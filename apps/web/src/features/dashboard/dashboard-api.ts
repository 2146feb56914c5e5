import { dashboardEndpoints, type DashboardAnswer, type DayPeriod, type TicketsDayAnswer, type TicketsUsersAnswer } from '@atende/shared/dashboard';
import { api } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// The filter the screen sends: a number of days, or a period of dates (01-core §7 GET /dashboard).
export type DashboardFilter = { days: number } | DayPeriod;

const dashboardParams = (filter: DashboardFilter) => ('days' in filter ? { days: filter.days } : { date_from: filter.from, date_to: filter.to });
const chartParams = (period: DayPeriod) => ({ initialDate: period.from, finalDate: period.to });

export const dashboardApi = {
  summary: (filter: DashboardFilter) => api.get<DashboardAnswer>('/dashboard', dashboardParams(filter)),
  ticketsUsers: (period: DayPeriod) => api.get<TicketsUsersAnswer>('/dashboard/ticketsUsers', chartParams(period)),
  ticketsDay: (period: DayPeriod) => api.get<TicketsDayAnswer>('/dashboard/ticketsDay', chartParams(period)),
  onboarding: () => callEndpoint(dashboardEndpoints.onboarding),
};

export const dashboardQueryKeys = {
  summary: (filter: DashboardFilter) => ['dashboard', 'summary', filter] as const,
  summaries: ['dashboard', 'summary'] as const,
  ticketsUsers: (period: DayPeriod) => ['dashboard', 'ticketsUsers', period] as const,
  ticketsDay: (period: DayPeriod) => ['dashboard', 'ticketsDay', period] as const,
  onboarding: ['dashboard', 'onboarding'] as const,
};
