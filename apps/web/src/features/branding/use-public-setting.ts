import type { GlobalSettingKey, PublicSettingKey } from '@atende/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { globalSettingsApi } from './branding-api.ts';

export const publicSettingsQueryKeys = {
  all: ['public-settings'] as const,
  one: (key: GlobalSettingKey) => ['public-settings', key] as const,
};

export const usePublicSettingQuery = (key: PublicSettingKey) =>
  useQuery({
    queryKey: publicSettingsQueryKeys.one(key),
    queryFn: () => globalSettingsApi.public(key),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const usePublicSetting = (key: PublicSettingKey): string => usePublicSettingQuery(key).data?.value ?? '';
