import type { CampaignSettingsValues, CampaignView } from '@atende/shared/campaigns';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { toCampaignPayload, type CampaignFormValues } from './campaign-form-values.ts';
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

const refreshCampaign = (queryClient: QueryClient, saved: CampaignView) => {
  void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.allPages });
  void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.one(saved.id) });
};

// the attachment picked is sent after the save
export const useSaveCampaign = (campaign: CampaignView | null, file: File | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: async (values: CampaignFormValues) => {
      const payload = toCampaignPayload(values);
      const saved = campaign ? await campaignsApi.update(campaign.id, payload) : await campaignsApi.create(payload);
      return file ? campaignsApi.uploadMedia(saved.id, file) : saved;
    },
    store: refreshCampaign,
    savedToast: t('campaigns.toasts.saved'),
  });
};

export const useRemoveCampaignMedia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => campaignsApi.removeMedia(id),
    onSuccess: (saved) => refreshCampaign(queryClient, saved),
    onError: (error) => toastError(error),
  });
};

// 02-operations §8: a failed cancel or restart shows the error message
export const useCampaignTransition = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'restart' }) => campaignsApi[action](id),
    onSuccess: (_saved, { action }) => {
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.allPages });
      toast.success(t(`campaigns.toasts.${action}`));
    },
    onError: (error) => toastError(error),
  });
};

export const useSaveCampaignSettings = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CampaignSettingsValues) => campaignsApi.saveSettings({ settings }),
    onSuccess: (entries) => {
      queryClient.setQueryData(campaignsQueryKeys.settings, entries);
      toast.success(t('campaigns.settings.saved'));
    },
  });
};
