import type { GlobalSettingKey } from '@atende/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

type PublicSetting = { key: string; value: string | null };

export const publicSettingsQueryKeys = {
  all: ['public-settings'] as const,
  one: (key: GlobalSettingKey) => ['public-settings', key] as const,
};

export const usePublicSettingQuery = (key: GlobalSettingKey) =>
  useQuery({
    queryKey: publicSettingsQueryKeys.one(key),
    queryFn: () => apiRequest<PublicSetting>(`/public-settings/${key}`, { public: true }),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const usePublicSetting = (key: GlobalSettingKey): string => usePublicSettingQuery(key).data?.value ?? '';
