import { dashboardEndpoints, type DashboardQuery } from '@atende/shared/dashboard';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';

export const slaFiguresQueryKeys = {
  all: ['sla-figures'] as const,
  period: (query: DashboardQuery) => ['sla-figures', query] as const,
};

// issue 40 point 3: GET /dashboard/sla for a period (the dashboard's or the report's); a breach the
// admins hear of (company-{id}-sla) counts at once
export const useSlaFigures = (query: DashboardQuery, enabled: boolean) => {
  const queryClient = useQueryClient();
  useCompanyEvent('sla', (payload) => {
    if (payload.action === 'breached') void queryClient.invalidateQueries({ queryKey: slaFiguresQueryKeys.all });
  });
  return useQuery({ queryKey: slaFiguresQueryKeys.period(query), queryFn: () => callEndpoint(dashboardEndpoints.sla, { query }), enabled });
};
