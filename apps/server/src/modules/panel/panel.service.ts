// The attendance panel (02-operations §2, §7 Attendance panel; 01-core §7 GET /dashboard/moments):
// every open and waiting ticket of the last 30 days (01-core §9), for admins and users whose
// allowRealTime is enabled. The web groups them by attendant and follows the live channels.
import { lastDaysPeriod, PANEL_DAYS, type MomentsQuery } from '@atende/shared/dashboard';
import type { PanelTicket } from '@atende/shared/panel';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { checkedPeriod, instantsOf } from '../dashboard/period.rules.ts';
import * as repo from './panel.repo.ts';
import { toPanelTicket } from './panel.view.ts';

// A panel is a screen, not an export: past this many tickets the oldest are left out.
export const PANEL_LIMIT = 1000;

export const createPanelService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  moments: async (tenant: TenantContext, query: MomentsQuery): Promise<PanelTicket[]> => {
    const fallback = lastDaysPeriod(clock.now(), PANEL_DAYS);
    const period = checkedPeriod({ from: query.dateStart ?? fallback.from, to: query.dateEnd ?? fallback.to }, 'querystring.dateEnd');
    const { from, to } = instantsOf(period);
    const rows = await repo.panelTickets(db, tenant.companyId, {
      statuses: query.status ? [query.status] : ['open', 'pending'],
      queueIds: query.queueIds,
      userId: query.userId,
      from,
      to,
      limit: PANEL_LIMIT,
    });
    return rows.map(toPanelTicket);
  },
});
