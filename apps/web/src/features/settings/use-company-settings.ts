import type { CompanySettings } from '@atende/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { companySettingsApi } from './settings-api.ts';

export const companySettingsQueryKey = (companyId: number) => ['companySettings', companyId] as const;

export const useCompanySettings = () => {
  const user = useSessionUser();
  return useQuery({
    queryKey: companySettingsQueryKey(user.companyId),
    queryFn: (): Promise<CompanySettings> => companySettingsApi.all(user.companyId),
    // the session already carries the company's settings; the query keeps them fresh
    initialData: user.company.settings,
    staleTime: 60_000,
  });
};
