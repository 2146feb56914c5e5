import type { ContactListBody, ContactListItemView, ContactListView } from '@atende/shared/contact-lists';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { contactListsApi, contactListsQueryKeys, type ContactListItemInput } from './contact-lists-api.ts';

const nextPage = (last: { hasMore: boolean }, pages: unknown[]) => (last.hasMore ? pages.length + 1 : undefined);

export const useContactListPages = (search: string) =>
  useInfiniteQuery({
    queryKey: contactListsQueryKeys.pages(search),
    queryFn: ({ pageParam }) => contactListsApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useContactListOptions = () => useQuery({ queryKey: contactListsQueryKeys.all, queryFn: contactListsApi.all });

export const useContactList = (id: number) => useQuery({ queryKey: contactListsQueryKeys.one(id), queryFn: () => contactListsApi.get(id) });

export const useContactListItemPages = (contactListId: number, search: string) =>
  useInfiniteQuery({
    queryKey: contactListsQueryKeys.items(contactListId, search),
    queryFn: ({ pageParam }) => contactListsApi.items(contactListId, search, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

// 02-operations §4 Other states: the lists and their items refresh on every live change.
export const useContactListEvents = () => {
  const queryClient = useQueryClient();
  useCompanyEvent('ContactList', (payload) => {
    if (payload.action === 'delete') queryClient.removeQueries({ queryKey: contactListsQueryKeys.one(payload.id) });
    else queryClient.setQueryData(contactListsQueryKeys.one(payload.record.id), payload.record);
    void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allPages });
  });
  useCompanyEvent('ContactListItem', () => void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allItems }));
};

export const useSaveContactList = (list: ContactListView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (body: ContactListBody) => (list ? contactListsApi.update(list.id, body) : contactListsApi.create(body)),
    store: (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allPages });
    },
    savedToast: t('contactLists.toasts.saved'),
  });
};

export const useSaveContactListItem = (item: ContactListItemView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: ContactListItemInput) => (item ? contactListsApi.updateItem(item.id, values) : contactListsApi.createItem(values)),
    store: (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allItems });
    },
    savedToast: t('contactLists.toasts.itemSaved'),
  });
};

// The spreadsheet goes up; its import's progress comes live (company-{id}-ContactListItem).
export const useUploadContactListSheet = (contactListId: number) =>
  useMutation({ mutationFn: (file: File) => contactListsApi.upload(contactListId, file), onError: (error) => toastError(error) });
