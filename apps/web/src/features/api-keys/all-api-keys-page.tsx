import type { CompanyApiKeyView } from '@atende/shared/api-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../components/crud-list-page.tsx';
import { apiKeysApi } from './api-keys-api.ts';
import { useApiKeyColumns } from './use-api-key-columns.tsx';
import { refreshApiKeys, useAllApiKeys } from './use-api-keys.ts';

// Issue 37 point 2 /all-api-keys (super): every company's keys, newest first, any of them
// revocable; its own screen, so it does not hang on the plan of the super admin's own company.
export const AllApiKeysPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useAllApiKeys();
  const columns = useApiKeyColumns<CompanyApiKeyView>([{ key: 'company', header: t('apiKeys.columns.company'), render: (key) => key.companyName }]);
  return (
    <CrudListPage
      title={t('apiKeys.allTitle')}
      columns={columns}
      rows={data?.pages.flatMap((page) => page.apiKeys) ?? []}
      loading={isPending}
      emptyText={t('apiKeys.empty')}
      testIdPrefix="all-api-keys"
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      rowAttributes={(key) => ({ 'data-api-key-id': key.id, 'data-api-key-state': key.revoked ? 'revoked' : 'active' })}
      remove={{
        run: (key) => apiKeysApi.revokeAny(key.id),
        onRemoved: () => refreshApiKeys(queryClient),
        title: (key) => t('apiKeys.confirmRevoke.title', { name: key.name }),
        message: t('apiKeys.confirmRevoke.message'),
        removedToast: t('apiKeys.toasts.revoked'),
      }}
    />
  );
};
