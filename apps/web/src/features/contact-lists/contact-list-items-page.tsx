import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { ContactListItemView } from '@atende/shared/contact-lists';
import { can } from '@atende/shared/permissions';
import { ArrowBack, CheckCircle, HelpOutlined, WhatsApp } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { RequirePlanFlag } from '../../lib/session/require-plan-flag.tsx';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { ContactListItemDialog } from './contact-list-item-dialog.tsx';
import { ImportButton } from './import-button.tsx';
import { contactListsApi, contactListsQueryKeys } from './contact-lists-api.ts';
import { useContactList, useContactListEvents, useContactListItemPages } from './use-contact-lists.ts';

type Editing = { item: ContactListItemView | null } | null;

// The WhatsApp-valid icon: checked valid, checked invalid, or not checked yet.
const ValidMark = ({ valid }: { valid: boolean | null }) => {
  const { t } = useTranslation();
  if (valid === null) return <Tooltip title={t('contactLists.items.unchecked')}><HelpOutlined fontSize="small" color="disabled" /></Tooltip>;
  return valid ? (
    <Tooltip title={t('contactLists.items.valid')}><CheckCircle fontSize="small" color="success" data-testid="contact-list-item-valid" /></Tooltip>
  ) : (
    <Tooltip title={t('contactLists.items.invalid')}><WhatsApp fontSize="small" color="error" data-testid="contact-list-item-invalid" /></Tooltip>
  );
};

const ContactListItems = ({ contactListId }: { contactListId: number }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const { data: list } = useContactList(contactListId);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useContactListItemPages(contactListId, searchParam);
  useContactListEvents();
  const items = data?.pages.flatMap((page) => page.contacts) ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const columns: CrudColumn<ContactListItemView>[] = [
    { key: 'valid', padding: 'checkbox', align: 'center', render: (item) => <ValidMark valid={item.isWhatsappValid} /> },
    { key: 'name', header: t('contactLists.fields.name'), render: (item) => item.name },
    { key: 'number', header: t('contactLists.fields.number'), render: (item) => item.number },
    { key: 'email', header: t('contactLists.fields.email'), render: (item) => item.email },
    {
      key: 'actions',
      header: t('contactLists.fields.actions'),
      align: 'center',
      render: (item, row) =>
        can(me, 'contacts-page:deleteContact') ? <EditDeleteActions onEdit={() => setEditing({ item })} onDelete={row.remove} testIdPrefix="contact-list-items" /> : null,
    },
  ];

  return (
    <CrudListPage
      leading={
        <IconButton onClick={() => navigate('/contact-lists')} aria-label={t('common.back')} data-testid="contact-list-back" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          <ArrowBack />
        </IconButton>
      }
      title={list?.name ?? ''}
      titleTestId="contact-list-title"
      search={{ value: search, onChange: setSearch }}
      headerActions={<ImportButton contactListId={contactListId} />}
      add={{ label: t('common.add'), onClick: () => setEditing({ item: null }) }}
      columns={columns}
      rows={items}
      loading={isPending}
      emptyText={t('contactLists.items.empty')}
      testIdPrefix="contact-list-items"
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      remove={{
        run: (item) => contactListsApi.removeItem(item.id),
        onRemoved: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allItems }),
        title: t('contactLists.confirmDelete.title'),
        message: t('contactLists.confirmDelete.message'),
      }}
    >
      {editing && <ContactListItemDialog contactListId={contactListId} item={editing.item} onClose={() => setEditing(null)} />}
    </CrudListPage>
  );
};

// 02-operations §2 /contact-lists/{contactListId}/contacts.
export const ContactListItemsPage = () => {
  const { t } = useTranslation();
  const contactListId = Number(useParams().contactListId);
  return (
    <RequirePlanFlag flag="useCampaigns" message={t('contactLists.noPermission')}>
      <ContactListItems key={contactListId} contactListId={contactListId} />
    </RequirePlanFlag>
  );
};
