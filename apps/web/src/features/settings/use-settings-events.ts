import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session/session-context.ts';
import { companySettingsQueryKey } from './use-company-settings.ts';
import type { CompanySettings } from '@atende/shared/settings';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';

export const useSettingsEvents = () => {
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  const companyId = user?.companyId;
  useCompanyEvent('settings', ({ setting }) => {
    if (companyId === undefined) return;
    queryClient.setQueryData<CompanySettings>(companySettingsQueryKey(companyId), (current) =>
      current ? { ...current, [setting.key]: setting.value } : current,
    );
    updateUser((current) => ({
      ...current,
      company: { ...current.company, settings: { ...current.company.settings, [setting.key]: setting.value } },
    }));
  });
};
