import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { usersApi } from './users-api.ts';
import { usersQueryKeys } from './users-cache.ts';

// An admin's reset of a user's two-factor sign-in (issue 38 point 4); the list shows it off at once.
export const useResetTwoFactor = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => usersApi.resetTwoFactor(userId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: usersQueryKeys.all });
      toast.success(t('users.twoFactor.resetDone'));
    },
    onError: (error) => toastError(error),
  });
};
