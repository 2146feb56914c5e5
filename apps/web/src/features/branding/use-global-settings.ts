import type { SettingRow } from '@atende/shared/settings-schemas';
import type { GlobalSettingKey } from '@atende/shared/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { globalSettingsApi } from './branding-api.ts';
import { publicSettingsQueryKeys } from './use-public-setting.ts';

export const globalSettingsQueryKey = ['settings', 'global'] as const;

// GET /settings (super): every global setting, as key/value rows.
export const useGlobalSettings = () =>
  useQuery({
    queryKey: globalSettingsQueryKey,
    queryFn: async () => Object.fromEntries((await globalSettingsApi.all()).map((row) => [row.key, row.value])) as Record<GlobalSettingKey, string>,
  });

// A saved setting shows at once here and in the branding this tab itself wears; the live event
// brings it to the other screens.
export const useStoreGlobalSetting = () => {
  const queryClient = useQueryClient();
  return (setting: SettingRow & { key: GlobalSettingKey }) => {
    queryClient.setQueryData<Record<GlobalSettingKey, string>>(globalSettingsQueryKey, (current) => (current ? { ...current, [setting.key]: setting.value } : current));
    queryClient.setQueryData(publicSettingsQueryKeys.one(setting.key), setting);
  };
};

export const useSaveGlobalSettings = () => {
  const store = useStoreGlobalSetting();
  return useMutation({
    mutationFn: async (changes: Array<{ key: GlobalSettingKey; value: string }>) => {
      for (const change of changes) store({ ...(await globalSettingsApi.update(change.key, change.value)), key: change.key });
    },
  });
};
