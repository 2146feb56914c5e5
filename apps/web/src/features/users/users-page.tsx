import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../components/crud-list-page.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { InviteUserButton } from './invite-user-button.tsx';
import { UserModal } from './user-modal.tsx';
import { useUserColumns } from './users-columns.tsx';
import { usersApi } from './users-api.ts';
import { removeUserFromCache } from './users-cache.ts';
import { useUsersPages } from './use-users.ts';

// userId survives closing so the title does not flip during the close animation; invite: the
// new user is invited by email (issue 38 point 3)
type ModalState = { open: boolean; userId: number | null; invite?: boolean };

export const UsersPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useUsersPages(debouncedSearch);
  const [modal, setModal] = useState<ModalState>({ open: false, userId: null });
  const users = data?.pages.flatMap((page) => page.users) ?? [];
  const columns = useUserColumns((user) => setModal({ open: true, userId: user.id }));

  return (
    <CrudListPage
      title={
        <>
          {t('users.title')}
          {data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({data.pages[0]?.count ?? 0})
            </Typography>
          )}
        </>
      }
      search={{ value: search, onChange: setSearch }}
      headerActions={<InviteUserButton onClick={() => setModal({ open: true, userId: null, invite: true })} />}
      add={{ label: t('users.add'), onClick: () => setModal({ open: true, userId: null }) }}
      columns={columns}
      rows={users}
      loading={isPending}
      emptyText={t('users.empty')}
      scrollTestId="users-scroll"
      testIdPrefix="users"
      rowAttributes={(user) => ({ 'data-user-id': user.id })}
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      remove={{
        run: (user) => usersApi.remove(user.id),
        onRemoved: (user) => removeUserFromCache(queryClient, user.id),
        title: (user) => t('users.confirmDelete.title', { name: user.name }),
        message: t('users.confirmDelete.message'),
        removedToast: t('users.toasts.deleted'),
      }}
    >
      <UserModal open={modal.open} userId={modal.userId} invite={modal.invite} onClose={() => setModal((current) => ({ ...current, open: false }))} />
    </CrudListPage>
  );
};
