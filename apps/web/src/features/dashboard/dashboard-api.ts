import { dashboardEndpoints, type DayPeriod } from '@atende/shared/dashboard';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// The filter the screen sends: a number of days, or a period of dates (01-core §7 GET /dashboard).
export type DashboardFilter = { days: number } | DayPeriod;

export const dashboardParams = (filter: DashboardFilter) => ('days' in filter ? { days: filter.days } : { date_from: filter.from, date_to: filter.to });
const chartParams = (period: DayPeriod) => ({ initialDate: period.from, finalDate: period.to });

export const dashboardApi = {
  summary: (filter: DashboardFilter) => callEndpoint(dashboardEndpoints.summary, { query: dashboardParams(filter) }),
  ticketsUsers: (period: DayPeriod) => callEndpoint(dashboardEndpoints.ticketsUsers, { query: chartParams(period) }),
  ticketsDay: (period: DayPeriod) => callEndpoint(dashboardEndpoints.ticketsDay, { query: chartParams(period) }),
  onboarding: () => callEndpoint(dashboardEndpoints.onboarding),
};

export const dashboardQueryKeys = {
  summary: (filter: DashboardFilter) => ['dashboard', 'summary', filter] as const,
  summaries: ['dashboard', 'summary'] as const,
  ticketsUsers: (period: DayPeriod) => ['dashboard', 'ticketsUsers', period] as const,
  ticketsDay: (period: DayPeriod) => ['dashboard', 'ticketsDay', period] as const,
  onboarding: ['dashboard', 'onboarding'] as const,
};
