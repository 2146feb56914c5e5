import type { CreatedApiKeyView } from '@atende/shared/api-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../components/crud-list-page.tsx';
import { ShownOnceDialog } from '../../components/shown-once-dialog.tsx';
import { ApiKeyFormDialog } from './api-key-form-dialog.tsx';
import { apiKeysApi } from './api-keys-api.ts';
import { useApiKeyColumns } from './use-api-key-columns.tsx';
import { refreshApiKeys, useApiKeys } from './use-api-keys.ts';

type Dialog = { kind: 'none' } | { kind: 'form' } | { kind: 'created'; created: CreatedApiKeyView };

// Issue 37 point 2 /api-keys: the company's API keys — made with a name, scopes and an optional
// expiry, the key shown once, revoked with a confirmation, each one's last use. The super admin
// sees every company's keys on /all-api-keys.
export const ApiKeysPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending } = useApiKeys();
  const columns = useApiKeyColumns();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  return (
    <CrudListPage
      title={t('apiKeys.title')}
      add={{ label: t('apiKeys.add'), onClick: () => setDialog({ kind: 'form' }) }}
      columns={columns}
      rows={data ?? []}
      loading={isPending}
      emptyText={t('apiKeys.empty')}
      testIdPrefix="api-keys"
      rowAttributes={(key) => ({ 'data-api-key-id': key.id, 'data-api-key-state': key.revoked ? 'revoked' : 'active', 'data-api-key-used': key.lastUsedAt ? 'yes' : 'no' })}
      remove={{
        run: (key) => apiKeysApi.revoke(key.id),
        onRemoved: () => refreshApiKeys(queryClient),
        title: (key) => t('apiKeys.confirmRevoke.title', { name: key.name }),
        message: t('apiKeys.confirmRevoke.message'),
        removedToast: t('apiKeys.toasts.revoked'),
      }}
    >
      {dialog.kind === 'form' && <ApiKeyFormDialog onClose={close} onCreated={(created) => setDialog({ kind: 'created', created })} />}
      {dialog.kind === 'created' && (
        <ShownOnceDialog
          title={t('apiKeys.created.title')}
          label={dialog.created.name}
          value={dialog.created.key}
          warning={t('apiKeys.created.onlyOnce')}
          copyLabel={t('apiKeys.created.copy')}
          copiedToast={t('apiKeys.created.copied')}
          testIdPrefix="api-key-created"
          onClose={close}
        />
      )}
    </CrudListPage>
  );
};
