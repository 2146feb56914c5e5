import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { ContactListView } from '@atende/shared/contact-lists';
import { People } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequirePlanFlag } from '../../lib/session/require-plan-flag.tsx';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { ContactListDialog } from './contact-list-dialog.tsx';
import { contactListsApi, contactListsQueryKeys } from './contact-lists-api.ts';
import { useContactListEvents, useContactListPages } from './use-contact-lists.ts';

type Editing = { list: ContactListView | null } | null;

const ContactLists = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useContactListPages(searchParam);
  useContactListEvents();
  const lists = data?.pages.flatMap((page) => page.records) ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const columns: CrudColumn<ContactListView>[] = [
    { key: 'name', header: t('contactLists.fields.name'), render: (list) => list.name },
    { key: 'contactsCount', header: t('contactLists.fields.contactsCount'), align: 'center', render: (list) => list.contactsCount },
    {
      key: 'actions',
      header: t('contactLists.fields.actions'),
      align: 'center',
      sx: { whiteSpace: 'nowrap' },
      render: (list, row) => (
        <>
          <Tooltip title={t('contactLists.openItems')}>
            <IconButton size="small" onClick={() => navigate(`/contact-lists/${list.id}/contacts`)} data-testid="contact-lists-items">
              <People fontSize="small" />
            </IconButton>
          </Tooltip>
          <EditDeleteActions onEdit={() => setEditing({ list })} onDelete={row.remove} testIdPrefix="contact-lists" />
        </>
      ),
    },
  ];

  return (
    <CrudListPage
      title={t('contactLists.title')}
      search={{ value: search, onChange: setSearch }}
      add={{ label: t('common.add'), onClick: () => setEditing({ list: null }) }}
      columns={columns}
      rows={lists}
      loading={isPending}
      emptyText={t('contactLists.empty')}
      testIdPrefix="contact-lists"
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      remove={{
        run: (list) => contactListsApi.remove(list.id),
        onRemoved: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allPages }),
        title: t('contactLists.confirmDelete.title'),
        message: t('contactLists.confirmDelete.message'),
        removedToast: t('contactLists.toasts.deleted'),
      }}
    >
      {editing && <ContactListDialog list={editing.list} onClose={() => setEditing(null)} />}
    </CrudListPage>
  );
};

// 02-operations §2 /contact-lists (plan flag useCampaigns; profile user blocked by the route).
export const ContactListsPage = () => {
  const { t } = useTranslation();
  return (
    <RequirePlanFlag flag="useCampaigns" message={t('contactLists.noPermission')}>
      <ContactLists />
    </RequirePlanFlag>
  );
};
