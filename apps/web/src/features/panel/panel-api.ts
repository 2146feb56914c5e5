import { lastDaysPeriod, PANEL_DAYS, type PanelTicket } from '@atende/shared/dashboard';
import { api } from '../../lib/api-client.ts';

export const panelApi = {
  // 01-core §9: the last 30 days
  moments: () => {
    const period = lastDaysPeriod(new Date(), PANEL_DAYS);
    return api.get<PanelTicket[]>('/dashboard/moments', { dateStart: period.from, dateEnd: period.to });
  },
};

export const panelQueryKeys = { moments: ['dashboard', 'moments'] as const };
