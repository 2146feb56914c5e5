import { useQuery } from '@tanstack/react-query';
import { contactsApi, contactsQueryKeys } from './contacts-api.ts';

// One contact, read afresh each time a drawer or the edit modal opens it (another attendant may
// have changed it since).
export const useContact = (contactId: number | null, enabled = true) =>
  useQuery({
    queryKey: contactsQueryKeys.one(contactId ?? 0),
    queryFn: () => contactsApi.get(contactId ?? 0),
    enabled: enabled && contactId !== null,
    staleTime: 0,
  });
