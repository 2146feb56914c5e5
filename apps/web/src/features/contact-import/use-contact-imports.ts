import type { ContactImportView } from '@atende/shared/contact-imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contactsQueryKeys } from '../contact-records/contacts-api.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { contactImportApi, contactImportQueryKeys } from './contact-import-api.ts';

export const useRecentImports = () => useQuery({ queryKey: contactImportQueryKeys.recent, queryFn: contactImportApi.recent });

export const useContactImport = (initial: ContactImportView) =>
  useQuery({ queryKey: contactImportQueryKeys.one(initial.id), queryFn: () => contactImportApi.get(initial.id), initialData: initial, staleTime: Infinity });

// Progress arrives on company-{id}-contactImport; a finished import refreshes the contacts.
export const useContactImportEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('contactImport', ({ record }) => {
    queryClient.setQueryData(contactImportQueryKeys.one(record.id), record);
    if (record.status === 'done' || record.status === 'failed') {
      void queryClient.invalidateQueries({ queryKey: contactImportQueryKeys.recent });
      void queryClient.invalidateQueries({ queryKey: contactsQueryKeys.allPages });
    }
  });
};
