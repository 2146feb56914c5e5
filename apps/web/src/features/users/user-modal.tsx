import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { errorMessage } from '../../lib/error-message.ts';
import { useTranslation } from 'react-i18next';
import { UserForm } from './user-form.tsx';
import { useUser } from './use-users.ts';

type UserModalProps = { open: boolean; userId: number | null; invite?: boolean; onClose: () => void };

// userId null adds a user (or, with invite, invites one by email); otherwise the user is loaded
// fresh and edited.
export const UserModal = ({ open, userId, invite = false, onClose }: UserModalProps) => {
  const { t } = useTranslation();
  const { data: user, isPending, error } = useUser(userId);
  const editing = userId !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="user-modal">
      <DialogTitle>{editing ? t('users.modal.editTitle') : invite ? t('users.invite.title') : t('users.modal.addTitle')}</DialogTitle>
      {editing && error ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(error)}</Alert>
        </DialogContent>
      ) : editing && (isPending || !user) ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <UserForm key={user?.id ?? (invite ? 'invite' : 'new')} user={editing && user ? user : null} mode={editing ? 'edit' : invite ? 'invite' : 'create'} onClose={onClose} />
      )}
    </Dialog>
  );
};
