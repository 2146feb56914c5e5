import type { ApiKeyCreateBody } from '@atende/shared/api-keys';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { apiKeysApi, apiKeysQueryKeys } from './api-keys-api.ts';

export const useApiKeys = () => useQuery({ queryKey: apiKeysQueryKeys.list, queryFn: apiKeysApi.list });

// the company's list and the super admin's pages share the prefix: a revocation refreshes both
export const refreshApiKeys = (client: QueryClient) => client.invalidateQueries({ queryKey: apiKeysQueryKeys.list });

export const useAllApiKeys = () =>
  useInfiniteQuery({
    queryKey: apiKeysQueryKeys.all,
    queryFn: ({ pageParam }) => apiKeysApi.allPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

// The answer holds the key itself, shown once by the page.
export const useCreateApiKey = () => {
  const { t } = useTranslation();
  return useSaveMutation({ save: (values: ApiKeyCreateBody) => apiKeysApi.create(values), store: refreshApiKeys, savedToast: t('apiKeys.toasts.created') });
};
