import type { QueueIntegrationView } from '@atende/shared/queue-integrations';
import { Add } from '@mui/icons-material';
import { Button, Dialog, DialogTitle, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useCompanyEvent } from '../realtime/use-company-event.ts';
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
  const [deleting, setDeleting] = useState<QueueIntegrationView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => queueIntegrationApi.remove(id),
    onSuccess: (_, id) => {
      removeIntegrationFromCache(queryClient, id);
      toast.success(t('queueIntegration.toasts.deleted'));
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('queueIntegration.title')}
        </Typography>
        <TextField size="small" placeholder={t('common.search')} value={search} onChange={(event) => setSearch(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'integrations-search' } }} />
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, integration: null })} data-testid="integrations-add">
          {t('queueIntegration.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="integrations-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('queueIntegration.columns.id')}</TableCell>
              <TableCell>{t('queueIntegration.columns.name')}</TableCell>
              <TableCell>{t('queueIntegration.columns.type')}</TableCell>
              <TableCell align="center">{t('queueIntegration.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {integrations.map((integration) => (
              <TableRow key={integration.id} hover data-testid="integrations-row">
                <TableCell>{integration.id}</TableCell>
                <TableCell>{integration.name}</TableCell>
                <TableCell>{integration.type}</TableCell>
                <TableCell align="center">
                  <EditDeleteActions onEdit={() => setModal({ open: true, integration })} onDelete={() => setDeleting(integration)} testIdPrefix="integrations" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending} empty={integrations.length === 0} emptyText={t('queueIntegration.empty')} />
      </Paper>
      <Dialog open={modal.open} onClose={() => setModal((current) => ({ ...current, open: false }))} maxWidth="md" fullWidth data-testid="integration-modal">
        <DialogTitle>{modal.integration ? t('queueIntegration.modal.editTitle') : t('queueIntegration.modal.addTitle')}</DialogTitle>
        <QueueIntegrationForm key={modal.integration?.id ?? 'new'} integration={modal.integration} onClose={() => setModal((current) => ({ ...current, open: false }))} />
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('queueIntegration.confirmDelete.title', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('queueIntegration.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};
