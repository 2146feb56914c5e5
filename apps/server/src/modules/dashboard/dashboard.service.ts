// The dashboard (01-core §2, §3, §7 /dashboard calls): the period's counters, the attendants'
// rows and the two charts. Days are UTC calendar days, as GET /messages-allMe reads them.
import {
  currentMonthPeriod,
  lastDaysPeriod,
  type DashboardAnswer,
  type DashboardQuery,
  type TicketsChartQuery,
  type TicketsDayAnswer,
  type TicketsUsersAnswer,
} from '@atende/shared/dashboard';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { slaFigures } from '../sla/sla-figures.repo.ts';
import * as repo from './dashboard.repo.ts';
import { toDashboardAnswer } from './dashboard.view.ts';
import { readOnboardingSteps } from './onboarding.repo.ts';
import { checkedPeriod, instantsOf } from './period.rules.ts';

export const createDashboardService = ({ db, clock }: { db: Db; clock: Clock }) => {
  // `days` (the last N days through today) wins over dates; a missing date takes the §9 default.
  const dashboardPeriod = (query: DashboardQuery) => {
    if (query.days) return lastDaysPeriod(clock.now(), query.days);
    const month = currentMonthPeriod(clock.now());
    return checkedPeriod({ from: query.date_from ?? month.from, to: query.date_to ?? month.to }, 'querystring.date_to');
  };

  const chartPeriod = (query: TicketsChartQuery) => {
    const month = currentMonthPeriod(clock.now());
    return checkedPeriod({ from: query.initialDate ?? month.from, to: query.finalDate ?? month.to }, 'querystring.finalDate');
  };

  return {
    summary: async (tenant: TenantContext, query: DashboardQuery): Promise<DashboardAnswer> => {
      const instants = instantsOf(dashboardPeriod(query));
      const [figures, leads, attendants] = await Promise.all([
        repo.dashboardFigures(db, tenant.companyId, instants),
        repo.countLeads(db, tenant.companyId, instants),
        repo.companyAttendants(db, tenant.companyId),
      ]);
      return toDashboardAnswer(figures, leads, attendants);
    },

    ticketsUsers: async (tenant: TenantContext, query: TicketsChartQuery): Promise<TicketsUsersAnswer> => {
      const data = await repo.ticketsPerUser(db, tenant.companyId, instantsOf(chartPeriod(query)));
      return { data, count: data.reduce((sum, row) => sum + row.quantidade, 0) };
    },

    ticketsDay: async (tenant: TenantContext, query: TicketsChartQuery): Promise<TicketsDayAnswer> => {
      const period = chartPeriod(query);
      const oneDay = period.from === period.to;
      const rows = await repo.ticketsPerSlot(db, tenant.companyId, instantsOf(period), oneDay ? 'hour' : 'day');
      const data = rows.map((row) => (oneDay ? { data: period.from, horario: row.key, total: row.total } : { data: row.key, total: row.total }));
      return { data, count: rows.reduce((sum, row) => sum + row.total, 0) };
    },

    // issue 40 point 3: the period's SLA hit rate and breaches
    sla: (tenant: TenantContext, query: DashboardQuery) => slaFigures(db, tenant.companyId, instantsOf(dashboardPeriod(query))),

    onboarding: (tenant: TenantContext) => readOnboardingSteps(db, tenant.companyId),
  };
};
