import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { ContactListView } from '@atende/shared/contact-lists';
import { Add, People, Search } from '@mui/icons-material';
import { Button, IconButton, InputAdornment, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequirePlanFlag } from '../../app/routing/require-plan-flag.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { toast } from '../../lib/toast.ts';
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
  const [deleting, setDeleting] = useState<ContactListView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => contactListsApi.remove(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allPages });
      toast.success(t('contactLists.toasts.deleted'));
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
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('contactLists.title')}
        </Typography>
        <TextField
          size="small"
          placeholder={t('common.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ list: null })} data-testid="contact-lists-add">
          {t('common.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="contact-lists-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('contactLists.fields.name')}</TableCell>
              <TableCell align="center">{t('contactLists.fields.contactsCount')}</TableCell>
              <TableCell align="center">{t('contactLists.fields.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lists.map((list) => (
              <TableRow key={list.id} hover data-testid="contact-lists-row">
                <TableCell>{list.name}</TableCell>
                <TableCell align="center">{list.contactsCount}</TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('contactLists.openItems')}>
                    <IconButton size="small" onClick={() => navigate(`/contact-lists/${list.id}/contacts`)} data-testid="contact-lists-items">
                      <People fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <EditDeleteActions onEdit={() => setEditing({ list })} onDelete={() => setDeleting(list)} testIdPrefix="contact-lists" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending || isFetchingNextPage} empty={lists.length === 0} emptyText={t('contactLists.empty')} />
      </Paper>
      {editing && <ContactListDialog list={editing.list} onClose={() => setEditing(null)} />}
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

// 02-operations §2 /contact-lists (plan flag useCampaigns; profile user blocked by the route).
export const ContactListsPage = () => {
  const { t } = useTranslation();
  return (
    <RequirePlanFlag flag="useCampaigns" message={t('contactLists.noPermission')}>
      <ContactLists />
    </RequirePlanFlag>
  );
};
