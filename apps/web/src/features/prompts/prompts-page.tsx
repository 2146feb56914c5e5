import type { PromptView } from '@atende/shared/prompts';
import { Add } from '@mui/icons-material';
import { Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useQueueEvents } from '../queues/use-queues.ts';
import { PromptModal } from './prompt-modal.tsx';
import { promptsApi, removePromptFromCache } from './prompts-api.ts';
import { usePromptEvents, usePrompts } from './use-prompts.ts';

type ModalState = { open: boolean; promptId: number | null };

// 02-operations §2 /prompts (Talk.Ai): name, queue, max tokens, actions.
export const PromptsPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending } = usePrompts();
  const prompts = data?.prompts ?? [];
  usePromptEvents();
  useQueueEvents();
  const [modal, setModal] = useState<ModalState>({ open: false, promptId: null });
  const [deleting, setDeleting] = useState<PromptView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => promptsApi.remove(id),
    onSuccess: (_, id) => {
      removePromptFromCache(queryClient, id);
      toast.success(t('prompts.toasts.deleted'));
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('prompts.title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, promptId: null })} data-testid="prompts-add">
          {t('prompts.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="prompts-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('prompts.columns.name')}</TableCell>
              <TableCell>{t('prompts.columns.queue')}</TableCell>
              <TableCell align="center">{t('prompts.columns.maxTokens')}</TableCell>
              <TableCell align="center">{t('prompts.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {prompts.map((prompt) => (
              <TableRow key={prompt.id} hover data-testid="prompts-row" data-prompt-id={prompt.id}>
                <TableCell>{prompt.name}</TableCell>
                <TableCell>{prompt.queue?.name ?? ''}</TableCell>
                <TableCell align="center">{prompt.maxTokens}</TableCell>
                <TableCell align="center">
                  <EditDeleteActions onEdit={() => setModal({ open: true, promptId: prompt.id })} onDelete={() => setDeleting(prompt)} testIdPrefix="prompts" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending} empty={prompts.length === 0} emptyText={t('prompts.empty')} />
      </Paper>
      <PromptModal open={modal.open} promptId={modal.promptId} onClose={() => setModal((current) => ({ ...current, open: false }))} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('prompts.confirmDelete.title', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('prompts.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};
