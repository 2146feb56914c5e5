import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../lib/error-message.ts';
import { contactsApi } from './contacts-api.ts';
import { upsertContactInCache } from './contacts-cache.ts';

// 01-core §2 Contact drawer: whether the contact may send audio; the contact's caches take the answer.
export const useToggleAcceptAudio = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => contactsApi.toggleAcceptAudio(contactId),
    onSuccess: (contact) => upsertContactInCache(queryClient, contact),
    onError: (error) => toastError(error),
  });
};
