import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { invitationsApi } from './invitations-api.ts';

// A new invitation link by email; the earlier one stops working.
export const useResendInvitation = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: invitationsApi.resend,
    onSuccess: () => toast.success(t('users.invite.resent')),
    onError: (error) => toastError(error),
  });
};
