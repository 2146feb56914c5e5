import { MailOutlineOutlined } from '@mui/icons-material';
import { Button, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useEmailDelivery } from '../../lib/use-email-delivery.ts';

// The users page's "Invite" (issue 38 point 3); while the server sends no email it is off and
// says why.
export const InviteUserButton = ({ onClick }: { onClick: () => void }) => {
  const { t } = useTranslation();
  const emailOn = useEmailDelivery();
  return (
    <Tooltip title={emailOn === false ? t('users.invite.emailOff') : ''}>
      <span>
        <Button variant="outlined" startIcon={<MailOutlineOutlined />} disabled={!emailOn} onClick={onClick} data-testid="users-invite">
          {t('users.invite.action')}
        </Button>
      </span>
    </Tooltip>
  );
};
