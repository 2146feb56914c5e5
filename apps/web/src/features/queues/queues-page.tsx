import type { QueueView } from '@atende/shared/queues';
import { Add } from '@mui/icons-material';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
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
  const [deleting, setDeleting] = useState<QueueView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => queuesApi.remove(id),
    onSuccess: (_, id) => {
      removeQueueFromCache(queryClient, id);
      toast.success(t('queues.toasts.deleted'));
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('queues.title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, queueId: null })} data-testid="queues-add">
          {t('queues.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="queues-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('queues.columns.name')}</TableCell>
              <TableCell align="center">{t('queues.columns.color')}</TableCell>
              <TableCell>{t('queues.columns.greeting')}</TableCell>
              <TableCell align="center">{t('queues.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {queues.map((queue) => (
              <TableRow key={queue.id} hover data-testid="queues-row" data-queue-id={queue.id}>
                <TableCell>{queue.name}</TableCell>
                <TableCell align="center">
                  <Box
                    title={queue.color}
                    sx={{ width: 60, height: 20, mx: 'auto', borderRadius: 1, bgcolor: queue.color }}
                    data-testid="queues-color"
                  />
                </TableCell>
                <TableCell>
                  <Typography variant="body2" noWrap sx={{ maxWidth: 320 }}>
                    {queue.greetingMessage}
                  </Typography>
                </TableCell>
                <TableCell align="center">
                  <EditDeleteActions onEdit={() => setModal({ open: true, queueId: queue.id })} onDelete={() => setDeleting(queue)} testIdPrefix="queues" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending} empty={queues.length === 0} emptyText={t('queues.empty')} />
      </Paper>
      <QueueModal
        open={modal.open}
        queueId={modal.queueId}
        onCreated={(id) => setModal({ open: true, queueId: id })}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('queues.confirmDelete.title', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('queues.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};
