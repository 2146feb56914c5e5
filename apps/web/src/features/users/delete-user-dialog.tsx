import type { UserView } from '@atende/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { usersApi } from './users-api.ts';
import { removeUserFromCache } from './users-cache.ts';

type DeleteUserDialogProps = { user: UserView | null; onClose: () => void };

export const DeleteUserDialog = ({ user, onClose }: DeleteUserDialogProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => usersApi.remove(id),
    onSuccess: (_, id) => {
      removeUserFromCache(queryClient, id);
      toast.success(t('users.toasts.deleted'));
      onClose();
    },
    onError: (error) => toastError(error),
  });
  return (
    <ConfirmDialog
      open={user !== null}
      title={t('users.confirmDelete.title', { name: user?.name ?? '' })}
      busy={remove.isPending}
      onConfirm={() => user && remove.mutate(user.id)}
      onClose={onClose}
    >
      {t('users.confirmDelete.message')}
    </ConfirmDialog>
  );
};
