import type { ContactView } from '@atende/shared/contacts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { contactsApi } from './contacts-api.ts';
import { upsertContactInCache } from './contacts-cache.ts';

// 01-core §4 Messages: blocked is active false; toasts 'Contato bloqueado' / 'Contato desbloqueado'.
export const useBlockContact = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (contact: ContactView, active: boolean) => {
    try {
      upsertContactInCache(queryClient, await contactsApi.block(contact.id, active));
      toast.success(active ? t('contacts.toasts.unblocked') : t('contacts.toasts.blocked'));
    } catch (error) {
      toastError(error);
    }
  };
};
