import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { canEditQuickMessage, type QuickMessageView } from '@atende/shared/quick-messages';
import { Add, Check } from '@mui/icons-material';
import { Button, Dialog, DialogTitle, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { toastError } from '../../lib/error-message.ts';
import { loadMoreOnScroll } from '../../lib/infinite-scroll.ts';
import { toast } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionUser } from '../auth/session-context.ts';
import { QuickMessageForm } from './quick-message-form.tsx';
import { quickMessagesApi, removeQuickMessageFromCache } from './quick-messages-api.ts';
import { useQuickMessageEvents, useQuickMessagesPages } from './use-quick-messages.ts';

type ModalState = { open: boolean; record: QuickMessageView | null };

// /quick-messages (02-operations §2 Other screens): shortcode, attachment name, general flag, actions.
export const QuickMessagesPage = () => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useQuickMessagesPages(debouncedSearch);
  useQuickMessageEvents();
  const [modal, setModal] = useState<ModalState>({ open: false, record: null });
  const [deleting, setDeleting] = useState<QuickMessageView | null>(null);
  const records = data?.pages.flatMap((page) => page.records) ?? [];
  const remove = useMutation({
    mutationFn: (id: number) => quickMessagesApi.remove(id),
    onSuccess: (_, id) => {
      removeQuickMessageFromCache(queryClient, id);
      toast.success(t('quickMessages.toasts.deleted'));
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });
  const onScroll = loadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('quickMessages.title')}
        </Typography>
        <SearchField value={search} onChange={setSearch} testId="quick-messages-search" />
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, record: null })} data-testid="quick-messages-add">
          {t('quickMessages.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="quick-messages-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('quickMessages.columns.shortcode')}</TableCell>
              <TableCell>{t('quickMessages.columns.media')}</TableCell>
              <TableCell align="center">{t('quickMessages.columns.geral')}</TableCell>
              <TableCell align="center">{t('quickMessages.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => (
              <TableRow key={record.id} hover data-testid="quick-messages-row">
                <TableCell>{record.shortcode}</TableCell>
                <TableCell>{record.mediaName ?? '-'}</TableCell>
                <TableCell align="center">{record.geral && <Check fontSize="small" />}</TableCell>
                <TableCell align="center">
                  {canEditQuickMessage({ id: me.id, profile: me.profile }, record) ? (
                    <EditDeleteActions onEdit={() => setModal({ open: true, record })} onDelete={() => setDeleting(record)} testIdPrefix="quick-messages" />
                  ) : (
                    <Button size="small" onClick={() => setModal({ open: true, record })}>
                      {t('quickMessages.view')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending || isFetchingNextPage} empty={records.length === 0} emptyText={t('quickMessages.empty')} />
      </Paper>
      <Dialog open={modal.open} onClose={() => setModal((current) => ({ ...current, open: false }))} maxWidth="sm" fullWidth data-testid="quick-message-modal">
        <DialogTitle>{modal.record ? t('quickMessages.editTitle') : t('quickMessages.addTitle')}</DialogTitle>
        {modal.open && <QuickMessageForm record={modal.record} onClose={() => setModal((current) => ({ ...current, open: false }))} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('tags.confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('tags.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};
