import type { QueueIntegrationView } from '@atende/shared/queue-integrations';
import { Dialog, DialogTitle } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { QueueIntegrationForm } from './queue-integration-form.tsx';
import { queueIntegrationApi, queueIntegrationQueryKeys, removeIntegrationFromCache, upsertIntegrationInCache } from './queue-integration-api.ts';

type ModalState = { open: boolean; integration: QueueIntegrationView | null };

// 02-operations §2 /queue-integration: searchable list with id, name, type, edit and delete.
export const QueueIntegrationPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const { data, isPending } = useQuery({ queryKey: queueIntegrationQueryKeys.list(search), queryFn: () => queueIntegrationApi.list(search) });
  const integrations = data?.queueIntegrations ?? [];
  useCompanyEvent('queueIntegration', (payload) => {
    if (payload.action === 'delete') removeIntegrationFromCache(queryClient, payload.integrationId);
    else upsertIntegrationInCache(queryClient, payload.queueIntegration);
  });
  const [modal, setModal] = useState<ModalState>({ open: false, integration: null });
  const closeModal = () => setModal((current) => ({ ...current, open: false }));
  const columns: CrudColumn<QueueIntegrationView>[] = [
    { key: 'id', header: t('queueIntegration.columns.id'), render: (integration) => integration.id },
    { key: 'name', header: t('queueIntegration.columns.name'), render: (integration) => integration.name },
    { key: 'type', header: t('queueIntegration.columns.type'), render: (integration) => integration.type },
    {
      key: 'actions',
      header: t('queueIntegration.columns.actions'),
      align: 'center',
      render: (integration, row) => <EditDeleteActions onEdit={() => setModal({ open: true, integration })} onDelete={row.remove} testIdPrefix="integrations" />,
    },
  ];

  return (
    <CrudListPage
      title={t('queueIntegration.title')}
      search={{ value: search, onChange: setSearch }}
      add={{ label: t('queueIntegration.add'), onClick: () => setModal({ open: true, integration: null }) }}
      columns={columns}
      rows={integrations}
      loading={isPending}
      emptyText={t('queueIntegration.empty')}
      testIdPrefix="integrations"
      remove={{
        run: (integration) => queueIntegrationApi.remove(integration.id),
        onRemoved: (integration) => removeIntegrationFromCache(queryClient, integration.id),
        title: (integration) => t('queueIntegration.confirmDelete.title', { name: integration.name }),
        message: t('queueIntegration.confirmDelete.message'),
        removedToast: t('queueIntegration.toasts.deleted'),
      }}
    >
      <Dialog open={modal.open} onClose={closeModal} maxWidth="md" fullWidth data-testid="integration-modal">
        <DialogTitle>{modal.integration ? t('queueIntegration.modal.editTitle') : t('queueIntegration.modal.addTitle')}</DialogTitle>
        <QueueIntegrationForm key={modal.integration?.id ?? 'new'} integration={modal.integration} onClose={closeModal} />
      </Dialog>
    </CrudListPage>
  );
};
