import type { CompanySettingKey, CompanySettings } from '@atende/shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { companySettingsApi } from './settings-api.ts';
import { companySettingsQueryKey } from './use-company-settings.ts';

type Change = { key: CompanySettingKey; value: string };

// Each change is saved at once (03-saas §2 Settings page); the answer is the whole settings object.
export const useSaveSetting = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  const companyId = user?.companyId ?? 0;
  const queryKey = companySettingsQueryKey(companyId);
  const store = (settings: CompanySettings) => {
    queryClient.setQueryData<CompanySettings>(queryKey, settings);
    // other screens read the session user's company.settings
    updateUser((current) => ({ ...current, company: { ...current.company, settings: { ...current.company.settings, ...settings } } }));
  };
  return useMutation({
    mutationFn: ({ key, value }: Change) => companySettingsApi.update(key, value),
    onMutate: ({ key, value }) => {
      const previous = queryClient.getQueryData<CompanySettings>(queryKey);
      if (previous) queryClient.setQueryData<CompanySettings>(queryKey, { ...previous, [key]: value });
      return { previous };
    },
    onSuccess: (settings) => {
      store(settings);
      toast.success(t('settings.toasts.updated'));
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData<CompanySettings>(queryKey, context.previous);
      toastError(error);
    },
  });
};
