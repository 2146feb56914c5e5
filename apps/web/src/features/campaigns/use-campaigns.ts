import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { toCampaignSettingsValues } from './campaign-settings-values.ts';
import { campaignsApi, campaignsQueryKeys } from './campaigns-api.ts';

export const useCampaignPages = (search: string) =>
  useInfiniteQuery({
    queryKey: campaignsQueryKeys.pages(search),
    queryFn: ({ pageParam }) => campaignsApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useCampaign = (id: number) => useQuery({ queryKey: campaignsQueryKeys.one(id), queryFn: () => campaignsApi.get(id) });

export const useCampaignSettings = () => useQuery({ queryKey: campaignsQueryKeys.settings, queryFn: campaignsApi.settings });

// the company's custom variables a campaign message may use besides the built-in placeholders
export const useCampaignVariableKeys = () =>
  useQuery({ queryKey: campaignsQueryKeys.settings, queryFn: campaignsApi.settings, select: (entries) => toCampaignSettingsValues(entries).variables.map((variable) => variable.key) });

// 02-operations §4 Other states and §7 Campaigns: the list refreshes on every live change; the
// report takes the pushed record (its counts) at once.
export const useCampaignEvents = (onRecord?: (record: { id: number; status: string }) => void) => {
  const queryClient = useQueryClient();
  useCompanyEvent('campaign', (payload) => {
    if (payload.action === 'delete') {
      queryClient.removeQueries({ queryKey: campaignsQueryKeys.one(payload.id) });
    } else {
      queryClient.setQueryData(campaignsQueryKeys.one(payload.record.id), (current: object | undefined) => (current ? { ...current, ...payload.record } : current));
      onRecord?.(payload.record);
    }
    void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.allPages });
  });
};
