import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { ContactListItemView } from '@atende/shared/contact-lists';
import { can } from '@atende/shared/permissions';
import { Add, ArrowBack, CheckCircle, HelpOutlined, Search, WhatsApp } from '@mui/icons-material';
import { Button, IconButton, InputAdornment, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { RequirePlanFlag } from '../../app/routing/require-plan-flag.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionUser } from '../auth/session-context.ts';
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
  const [deleting, setDeleting] = useState<ContactListItemView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => contactListsApi.removeItem(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allItems });
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(event.currentTarget) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <IconButton onClick={() => navigate('/contact-lists')} aria-label={t('common.back')} data-testid="contact-list-back">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }} data-testid="contact-list-title">
          {list?.name ?? ''}
        </Typography>
        <TextField
          size="small"
          placeholder={t('common.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        <ImportButton contactListId={contactListId} />
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ item: null })} data-testid="contact-list-items-add">
          {t('common.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="contact-list-items-table">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{t('contactLists.fields.name')}</TableCell>
              <TableCell>{t('contactLists.fields.number')}</TableCell>
              <TableCell>{t('contactLists.fields.email')}</TableCell>
              <TableCell align="center">{t('contactLists.fields.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} hover data-testid="contact-list-items-row">
                <TableCell padding="checkbox" align="center">
                  <ValidMark valid={item.isWhatsappValid} />
                </TableCell>
                <TableCell>{item.name}</TableCell>
                <TableCell>{item.number}</TableCell>
                <TableCell>{item.email}</TableCell>
                <TableCell align="center">
                  {can(me, 'contacts-page:deleteContact') ? (
                    <EditDeleteActions onEdit={() => setEditing({ item })} onDelete={() => setDeleting(item)} testIdPrefix="contact-list-items" />
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending || isFetchingNextPage} empty={items.length === 0} emptyText={t('contactLists.items.empty')} />
      </Paper>
      {editing && <ContactListItemDialog contactListId={contactListId} item={editing.item} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('contactLists.confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('contactLists.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
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
