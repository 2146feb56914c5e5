import type { UserView } from '@atende/shared/users';
import { LockResetOutlined, VerifiedUserOutlined } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useResetTwoFactor } from './use-reset-two-factor.ts';

// The list's two-factor column (issue 38 point 4): a shield where the user signs in with a code.
export const TwoFactorIndicator = ({ user }: { user: UserView }) => {
  const { t } = useTranslation();
  if (!user.twoFactorEnabled) return null;
  return <VerifiedUserOutlined fontSize="small" color="success" titleAccess={t('users.twoFactor.on')} data-testid="users-two-factor-on" />;
};

// A row's "reset two-factor" for a user who lost the device, confirmed first: the user then signs
// in with the password alone and may turn it on again.
export const ResetTwoFactorButton = ({ user }: { user: UserView }) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const reset = useResetTwoFactor();
  return (
    <>
      <Tooltip title={t('users.twoFactor.reset')}>
        <IconButton size="small" onClick={() => setConfirming(true)} aria-label={t('users.twoFactor.reset')} data-testid="users-reset-two-factor">
          <LockResetOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        title={t('users.twoFactor.resetTitle', { name: user.name })}
        busy={reset.isPending}
        onConfirm={() => reset.mutate(user.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        {t('users.twoFactor.resetMessage')}
      </ConfirmDialog>
    </>
  );
};
