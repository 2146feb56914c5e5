import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { FileListView } from '@atende/shared/file-lists';
import { Add } from '@mui/icons-material';
import { Button, Dialog, DialogTitle, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteRecordDialog } from '../../components/delete-record-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { toastError } from '../../lib/error-message.ts';
import { loadMoreOnScroll } from '../../lib/infinite-scroll.ts';
import { toast } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { FileListForm } from './file-list-form.tsx';
import { fileListsApi, removeFileListFromCache } from './file-lists-api.ts';
import { useFileListEvents, useFileListsPages } from './use-file-lists.ts';

type ModalState = { open: boolean; record: FileListView | null };

// /files (02-operations §2 Other screens): searchable list with name, edit, delete; infinite scroll.
export const FileListsPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useFileListsPages(debouncedSearch);
  useFileListEvents();
  const [modal, setModal] = useState<ModalState>({ open: false, record: null });
  const [deleting, setDeleting] = useState<FileListView | null>(null);
  const files = data?.pages.flatMap((page) => page.files) ?? [];
  const remove = useMutation({
    mutationFn: (id: number) => fileListsApi.remove(id),
    onSuccess: (_, id) => {
      removeFileListFromCache(queryClient, id);
      toast.success(t('fileLists.toasts.deleted'));
      setDeleting(null);
    },
    onError: (error) => {
      setDeleting(null);
      toastError(error);
    },
  });
  const onScroll = loadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });
  const closeModal = () => setModal((current) => ({ ...current, open: false }));

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('fileLists.title')}
        </Typography>
        <SearchField value={search} onChange={setSearch} testId="file-lists-search" />
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, record: null })} data-testid="file-lists-add">
          {t('fileLists.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="file-lists-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('fileLists.columns.name')}</TableCell>
              <TableCell align="center">{t('fileLists.columns.files')}</TableCell>
              <TableCell align="center">{t('fileLists.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((record) => (
              <TableRow key={record.id} hover data-testid="file-lists-row">
                <TableCell>{record.name}</TableCell>
                <TableCell align="center">{record.options.filter((option) => option.path).length}</TableCell>
                <TableCell align="center">
                  <EditDeleteActions onEdit={() => setModal({ open: true, record })} onDelete={() => setDeleting(record)} testIdPrefix="file-lists" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending || isFetchingNextPage} empty={files.length === 0} emptyText={t('fileLists.empty')} />
      </Paper>
      <Dialog open={modal.open} onClose={closeModal} maxWidth="md" fullWidth data-testid="file-list-modal">
        <DialogTitle>{modal.record ? t('fileLists.editTitle') : t('fileLists.addTitle')}</DialogTitle>
        {modal.open && <FileListForm record={modal.record} onClose={closeModal} />}
      </Dialog>
      <DeleteRecordDialog open={deleting !== null} busy={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting.id)} onClose={() => setDeleting(null)} />
    </Stack>
  );
};
