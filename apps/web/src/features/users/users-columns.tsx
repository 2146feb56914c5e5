import type { UserView } from '@atende/shared/users';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { ResendInvitationButton } from './resend-invitation-button.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { EndSessionsButton } from './end-sessions-button.tsx';
import { ResetTwoFactorButton, TwoFactorIndicator } from './reset-two-factor.tsx';

// The users list: name with avatar and presence, email, profile, work hours, actions (ending a
// user's sessions is for the others: one's own end from the Security page).
export const useUserColumns = (onEdit: (user: UserView) => void): CrudColumn<UserView>[] => {
  const { t } = useTranslation();
  const me = useSessionUser();
  return [
    {
      key: 'name',
      header: t('users.columns.name'),
      render: (user) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <UserAvatar name={user.name} image={user.profileImage} size={32} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {user.name}
            </Typography>
            {user.invitedAt ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Chip size="small" color="info" variant="outlined" label={t('users.invite.pending')} data-testid="users-invited" />
                <ResendInvitationButton user={user} />
              </Stack>
            ) : (
              <Typography variant="caption" color={user.online ? 'success.main' : 'text.secondary'}>
                {user.online ? t('users.online') : t('users.offline')}
              </Typography>
            )}
          </Box>
        </Stack>
      ),
    },
    { key: 'email', header: t('users.columns.email'), render: (user) => user.email },
    { key: 'profile', header: t('users.columns.profile'), align: 'center', render: (user) => t(`users.profiles.${user.profile}`) },
    { key: 'workHours', header: t('users.columns.workHours'), align: 'center', render: (user) => `${user.startWork} – ${user.endWork}` },
    { key: 'twoFactor', header: t('users.columns.twoFactor'), align: 'center', render: (user) => <TwoFactorIndicator user={user} /> },
    {
      key: 'actions',
      header: t('users.columns.actions'),
      align: 'center',
      render: (user, row) => (
        <>
          <EditDeleteActions onEdit={() => onEdit(user)} onDelete={row.remove} testIdPrefix="users" />
          {user.id !== me.id && <EndSessionsButton user={user} />}
          {user.twoFactorEnabled && <ResetTwoFactorButton user={user} />}
        </>
      ),
    },
  ];
};
