import type { HelpView } from '@atende/shared/helps';
import { Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { toast } from '../../lib/toast.ts';
import { HelpFormDialog } from './help-form-dialog.tsx';
import { helpsApi, helpsQueryKeys, useHelpsList } from './helps-api.ts';

// 03-saas §2 Helps tab (super): the list, add, edit and delete with confirmation.
export const HelpsTab = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: helps = [], isPending, isError } = useHelpsList();
  const [editing, setEditing] = useState<HelpView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<HelpView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => helpsApi.remove(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: helpsQueryKeys.list });
      toast.success(t('helps.toasts.saved'));
      setDeleting(null);
    },
    onError: () => toast.error(t('helps.toasts.deleteFailed')),
  });

  return (
    <Stack spacing={2} data-testid="helps-tab">
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={() => setEditing('new')} data-testid="help-add">
          {t('common.add')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('helps.fields.title')}</TableCell>
              <TableCell>{t('helps.fields.video')}</TableCell>
              <TableCell>{t('helps.fields.description')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {helps.map((help) => (
              <TableRow key={help.id} data-testid="help-row">
                <TableCell>{help.title}</TableCell>
                <TableCell>{help.video}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{help.description}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <EditDeleteActions onEdit={() => setEditing(help)} onDelete={() => setDeleting(help)} testIdPrefix="help" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending} empty={helps.length === 0} emptyText={isError ? t('helps.toasts.loadFailed') : t('helps.empty')} />
      </Paper>
      {editing && <HelpFormDialog help={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('helps.confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('helps.confirmDelete.text')}
      </ConfirmDialog>
    </Stack>
  );
};
