import { lastDaysPeriod, PANEL_DAYS } from '@atende/shared/dashboard';
import { panelEndpoints } from '@atende/shared/panel';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const panelApi = {
  // 01-core §9: the last 30 days
  moments: () => {
    const period = lastDaysPeriod(new Date(), PANEL_DAYS);
    return callEndpoint(panelEndpoints.moments, { query: { dateStart: period.from, dateEnd: period.to } });
  },
};

export const panelQueryKeys = { moments: ['dashboard', 'moments'] as const };
