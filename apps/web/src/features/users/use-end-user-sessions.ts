import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { usersApi } from './users-api.ts';

// An admin's offboarding (issue 38 point 5): every sign-in of the user ends at once.
export const useEndUserSessions = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (userId: number) => usersApi.endSessions(userId),
    onSuccess: () => toast.success(t('users.endSessions.done')),
    onError: (error) => toastError(error),
  });
};
