import { planAllows } from '@atende/shared/permissions';
import type { CopilotSettingsBody } from '@atende/shared/copilot';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { copilotApi, copilotQueryKeys } from './copilot-api.ts';

// the copilot rides the plan's AI flag; without it no copilot control is shown
export const useCopilotAllowed = () => planAllows(useSessionUser().company.plan, 'useOpenAi');

export const useCopilotStatus = (enabled: boolean) => useQuery({ queryKey: copilotQueryKeys.status, queryFn: copilotApi.status, enabled, staleTime: 60_000 });

export const useCopilotSettings = () => useQuery({ queryKey: copilotQueryKeys.settings, queryFn: copilotApi.settings });

export const useSaveCopilotSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CopilotSettingsBody) => copilotApi.updateSettings(body),
    onSuccess: (settings) => {
      queryClient.setQueryData(copilotQueryKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: copilotQueryKeys.status });
    },
  });
};

export const useCopilotUsage = (month: string) => useQuery({ queryKey: copilotQueryKeys.usage(month), queryFn: () => copilotApi.usage(month) });
