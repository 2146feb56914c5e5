import type { UserView } from '@atende/shared/users';
import { ForwardToInboxOutlined } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useResendInvitation } from './use-resend-invitation.ts';

// An invited user's row: mail the invitation again.
export const ResendInvitationButton = ({ user }: { user: UserView }) => {
  const { t } = useTranslation();
  const resend = useResendInvitation();
  return (
    <Tooltip title={t('users.invite.resend')}>
      <span>
        <IconButton size="small" disabled={resend.isPending} onClick={() => resend.mutate(user.id)} aria-label={t('users.invite.resend')} data-testid="users-resend-invitation">
          <ForwardToInboxOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
};
