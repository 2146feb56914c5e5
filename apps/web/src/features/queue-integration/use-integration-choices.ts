import { useQuery } from '@tanstack/react-query';
import { queueIntegrationApi, queueIntegrationQueryKeys } from './queue-integration-api.ts';

// Every integration of the company, for the selectors that attach one (queue, bot option,
// connection); `enabled` is the plan's useIntegrations.
export const useIntegrationChoices = (enabled: boolean) =>
  useQuery({ queryKey: queueIntegrationQueryKeys.choices, queryFn: queueIntegrationApi.all, enabled });
