import type { UserView } from '@atende/shared/users';
import { LogoutOutlined } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useEndUserSessions } from './use-end-user-sessions.ts';

// A row's "end all sessions", confirmed first: the user is signed out everywhere.
export const EndSessionsButton = ({ user }: { user: UserView }) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const end = useEndUserSessions();
  return (
    <>
      <Tooltip title={t('users.endSessions.action')}>
        <IconButton size="small" onClick={() => setConfirming(true)} aria-label={t('users.endSessions.action')} data-testid="users-end-sessions">
          <LogoutOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        title={t('users.endSessions.title', { name: user.name })}
        busy={end.isPending}
        onConfirm={() => end.mutate(user.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        {t('users.endSessions.message')}
      </ConfirmDialog>
    </>
  );
};
