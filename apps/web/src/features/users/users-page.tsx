import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { UserView } from '@atende/shared/users';
import { Add } from '@mui/icons-material';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { loadMoreOnScroll } from '../../lib/infinite-scroll.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { UserModal } from './user-modal.tsx';
import { UsersTable } from './users-table.tsx';
import { useUsersPages } from './use-users.ts';

// userId survives closing so the title does not flip during the close animation
type ModalState = { open: boolean; userId: number | null };

export const UsersPage = () => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useUsersPages(debouncedSearch);
  const [modal, setModal] = useState<ModalState>({ open: false, userId: null });
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const users = data?.pages.flatMap((page) => page.users) ?? [];

  const onScroll = loadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('users.title')}
          {data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({data.pages[0]?.count ?? 0})
            </Typography>
          )}
        </Typography>
        <SearchField value={search} onChange={setSearch} testId="users-search" />
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, userId: null })} data-testid="users-add">
          {t('users.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="users-scroll">
        <UsersTable
          users={users}
          onEdit={(user) => setModal({ open: true, userId: user.id })}
          onDelete={(user) => setDeleting(user)}
        />
        <ListStatus loading={isPending || isFetchingNextPage} empty={users.length === 0} emptyText={t('users.empty')} />
      </Paper>
      <UserModal
        open={modal.open}
        userId={modal.userId}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
      />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
};
