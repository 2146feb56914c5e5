import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { canEditQuickMessage, type QuickMessageView } from '@atende/shared/quick-messages';
import { Check } from '@mui/icons-material';
import { Button, Dialog, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
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
  const records = data?.pages.flatMap((page) => page.records) ?? [];
  const closeModal = () => setModal((current) => ({ ...current, open: false }));
  const columns: CrudColumn<QuickMessageView>[] = [
    { key: 'shortcode', header: t('quickMessages.columns.shortcode'), render: (record) => record.shortcode },
    { key: 'media', header: t('quickMessages.columns.media'), render: (record) => record.mediaName ?? '-' },
    { key: 'geral', header: t('quickMessages.columns.geral'), align: 'center', render: (record) => record.geral && <Check fontSize="small" /> },
    {
      key: 'actions',
      header: t('quickMessages.columns.actions'),
      align: 'center',
      render: (record, row) =>
        canEditQuickMessage({ id: me.id, profile: me.profile }, record) ? (
          <EditDeleteActions onEdit={() => setModal({ open: true, record })} onDelete={row.remove} testIdPrefix="quick-messages" />
        ) : (
          <Button size="small" onClick={() => setModal({ open: true, record })}>
            {t('quickMessages.view')}
          </Button>
        ),
    },
  ];

  return (
    <CrudListPage
      title={t('quickMessages.title')}
      search={{ value: search, onChange: setSearch }}
      add={{ label: t('quickMessages.add'), onClick: () => setModal({ open: true, record: null }) }}
      columns={columns}
      rows={records}
      loading={isPending}
      emptyText={t('quickMessages.empty')}
      testIdPrefix="quick-messages"
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      remove={{
        run: (record) => quickMessagesApi.remove(record.id),
        onRemoved: (record) => removeQuickMessageFromCache(queryClient, record.id),
        title: t('tags.confirmDelete.title'),
        message: t('tags.confirmDelete.message'),
        removedToast: t('quickMessages.toasts.deleted'),
      }}
    >
      <Dialog open={modal.open} onClose={closeModal} maxWidth="sm" fullWidth data-testid="quick-message-modal">
        <DialogTitle>{modal.record ? t('quickMessages.editTitle') : t('quickMessages.addTitle')}</DialogTitle>
        {modal.open && <QuickMessageForm record={modal.record} onClose={closeModal} />}
      </Dialog>
    </CrudListPage>
  );
};
