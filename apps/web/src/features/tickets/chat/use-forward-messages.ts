import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { forwardMessages } from '../composer/chat-extras.ts';
import { ticketsApi } from '../tickets-api.ts';

// POST /message/forward for each chosen message, one at a time, to one contact.
export const useForwardMessages = (messageIds: readonly number[]) => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (contactId: number) => forwardMessages(messageIds, contactId, ticketsApi.forward),
    onSuccess: () => toast.success(t('tickets.forward.done', { count: messageIds.length })),
    onError: (error) => toastError(error),
  });
};
