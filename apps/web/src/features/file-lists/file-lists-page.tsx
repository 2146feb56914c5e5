import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { FileListView } from '@atende/shared/file-lists';
import { Dialog, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
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
  const files = data?.pages.flatMap((page) => page.files) ?? [];
  const closeModal = () => setModal((current) => ({ ...current, open: false }));
  const columns: CrudColumn<FileListView>[] = [
    { key: 'name', header: t('fileLists.columns.name'), render: (record) => record.name },
    { key: 'files', header: t('fileLists.columns.files'), align: 'center', render: (record) => record.options.filter((option) => option.path).length },
    {
      key: 'actions',
      header: t('fileLists.columns.actions'),
      align: 'center',
      render: (record, row) => <EditDeleteActions onEdit={() => setModal({ open: true, record })} onDelete={row.remove} testIdPrefix="file-lists" />,
    },
  ];

  return (
    <CrudListPage
      title={t('fileLists.title')}
      search={{ value: search, onChange: setSearch }}
      add={{ label: t('fileLists.add'), onClick: () => setModal({ open: true, record: null }) }}
      columns={columns}
      rows={files}
      loading={isPending}
      emptyText={t('fileLists.empty')}
      testIdPrefix="file-lists"
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      remove={{
        run: (record) => fileListsApi.remove(record.id),
        onRemoved: (record) => removeFileListFromCache(queryClient, record.id),
        removedToast: t('fileLists.toasts.deleted'),
        closeOnError: true,
      }}
    >
      <Dialog open={modal.open} onClose={closeModal} maxWidth="md" fullWidth data-testid="file-list-modal">
        <DialogTitle>{modal.record ? t('fileLists.editTitle') : t('fileLists.addTitle')}</DialogTitle>
        {modal.open && <FileListForm record={modal.record} onClose={closeModal} />}
      </Dialog>
    </CrudListPage>
  );
};
