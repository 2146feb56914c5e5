import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../lib/error-message.ts';
import { contactsApi } from './contacts-api.ts';
import { removeContactFromCache } from './contacts-cache.ts';

// 01-core §4 Contacts: a removed contact leaves every cached list at once; the list shows no toast.
export const useRemoveContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => contactsApi.remove(contactId),
    onSuccess: (_, contactId) => removeContactFromCache(queryClient, contactId),
    onError: (error) => toastError(error),
  });
};
