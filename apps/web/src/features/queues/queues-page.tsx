import type { QueueView } from '@atende/shared/queues';
import { Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { QueueModal } from './queue-modal.tsx';
import { queuesApi, removeQueueFromCache } from './queues-api.ts';
import { useQueueEvents, useQueues } from './use-queues.ts';

type ModalState = { open: boolean; queueId: number | null };

export const QueuesPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: queues = [], isPending } = useQueues();
  useQueueEvents();
  const [modal, setModal] = useState<ModalState>({ open: false, queueId: null });
  const columns: CrudColumn<QueueView>[] = [
    { key: 'name', header: t('queues.columns.name'), render: (queue) => queue.name },
    {
      key: 'color',
      header: t('queues.columns.color'),
      align: 'center',
      render: (queue) => <Box title={queue.color} sx={{ width: 60, height: 20, mx: 'auto', borderRadius: 1, bgcolor: queue.color }} data-testid="queues-color" />,
    },
    {
      key: 'greeting',
      header: t('queues.columns.greeting'),
      render: (queue) => (
        <Typography variant="body2" noWrap sx={{ maxWidth: 320 }}>
          {queue.greetingMessage}
        </Typography>
      ),
    },
    {
      key: 'actions',
      header: t('queues.columns.actions'),
      align: 'center',
      render: (queue, row) => <EditDeleteActions onEdit={() => setModal({ open: true, queueId: queue.id })} onDelete={row.remove} testIdPrefix="queues" />,
    },
  ];

  return (
    <CrudListPage
      title={t('queues.title')}
      add={{ label: t('queues.add'), onClick: () => setModal({ open: true, queueId: null }) }}
      columns={columns}
      rows={queues}
      loading={isPending}
      emptyText={t('queues.empty')}
      testIdPrefix="queues"
      rowAttributes={(queue) => ({ 'data-queue-id': queue.id })}
      remove={{
        run: (queue) => queuesApi.remove(queue.id),
        onRemoved: (queue) => removeQueueFromCache(queryClient, queue.id),
        title: (queue) => t('queues.confirmDelete.title', { name: queue.name }),
        message: t('queues.confirmDelete.message'),
        removedToast: t('queues.toasts.deleted'),
      }}
    >
      <QueueModal
        open={modal.open}
        queueId={modal.queueId}
        onCreated={(id) => setModal({ open: true, queueId: id })}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
      />
    </CrudListPage>
  );
};
