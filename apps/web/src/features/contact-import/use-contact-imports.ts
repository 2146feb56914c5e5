import type { ContactImportView } from '@atende/shared/contact-imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toastError } from '../../lib/error-message.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { toast } from '../../lib/toast.ts';
import { contactsQueryKeys } from '../contact-records/contacts-api.ts';
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

// the first field the server refused, as the §8 texts are shown: a toast, not a field's message
const refusedField = (error: unknown) => (error instanceof ApiError ? error.body?.fields?.[0]?.message : undefined);

// Step one of a sheet import: the server types the file by its content and answers its first rows.
export const useUploadImportSheet = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: contactImportApi.upload,
    onError: (error) => (error instanceof ApiError && error.code === 'ERR_INVALID_FILE' ? toast.error(t('contactImport.errors.invalidFile')) : toastError(error)),
  });
};

export const useStartSheetImport = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: contactImportApi.importSheet,
    onError: (error) => {
      const message = refusedField(error);
      if (message) toast.error(t(message, { field: '' }));
      else toastError(error);
    },
  });
};

export const useStartListImport = () => {
  const fieldError = useFieldError();
  return useMutation({
    mutationFn: contactImportApi.importContactList,
    onError: (error) => {
      const message = refusedField(error);
      if (message) toast.error(fieldError({ message }) ?? message);
      else toastError(error);
    },
  });
};
