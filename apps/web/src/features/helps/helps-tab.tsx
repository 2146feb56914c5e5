import type { HelpView } from '@atende/shared/helps';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { toast } from '../../lib/toast.ts';
import { HelpFormDialog } from './help-form-dialog.tsx';
import { helpsApi, helpsQueryKeys, useHelpsList } from './helps-api.ts';

// 03-saas §2 Helps tab (super): the list, add, edit and delete with confirmation.
export const HelpsTab = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: helps = [], isPending, isError } = useHelpsList();
  const [editing, setEditing] = useState<HelpView | 'new' | null>(null);
  const columns: CrudColumn<HelpView>[] = [
    { key: 'title', header: t('helps.fields.title'), render: (help) => help.title },
    { key: 'video', header: t('helps.fields.video'), render: (help) => help.video },
    {
      key: 'description',
      header: t('helps.fields.description'),
      sx: { maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
      render: (help) => help.description,
    },
    {
      key: 'actions',
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      render: (help, row) => <EditDeleteActions onEdit={() => setEditing(help)} onDelete={row.remove} testIdPrefix="help" />,
    },
  ];

  return (
    <CrudListPage
      embedded
      testId="helps-tab"
      add={{ label: t('common.add'), onClick: () => setEditing('new') }}
      columns={columns}
      rows={helps}
      loading={isPending}
      emptyText={isError ? t('helps.toasts.loadFailed') : t('helps.empty')}
      testIdPrefix="help"
      remove={{
        run: (help) => helpsApi.remove(help.id),
        onRemoved: () => queryClient.invalidateQueries({ queryKey: helpsQueryKeys.list }),
        title: t('helps.confirmDelete.title'),
        message: t('helps.confirmDelete.text'),
        removedToast: t('helps.toasts.saved'),
        onError: () => toast.error(t('helps.toasts.deleteFailed')),
      }}
    >
      {editing && <HelpFormDialog help={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </CrudListPage>
  );
};
