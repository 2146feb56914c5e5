import { useQuery } from '@tanstack/react-query';
import { contactsApi, contactsQueryKeys } from './contacts-api.ts';

// The first page of contacts matching what is typed, once it is long enough to search.
export const useContactSearch = (search: string, minChars: number) =>
  useQuery({
    queryKey: contactsQueryKeys.search(search),
    queryFn: () => contactsApi.page(search, 1),
    enabled: search.length >= minChars,
  });
