import type { ContactsPage, ContactView } from '@atende/shared/contacts';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { contactsQueryKeys } from './contacts-api.ts';

type Pages = InfiniteData<ContactsPage, number>;

// a list filtered by channel (the key's fourth part) takes only contacts of that channel
const listsChannel = (queryKey: QueryKey, channel: string) => !queryKey[3] || queryKey[3] === channel;

export const upsertContactInCache = (client: QueryClient, contact: ContactView) => {
  client.setQueriesData<Pages>({ queryKey: contactsQueryKeys.allPages, predicate: (query) => listsChannel(query.queryKey, contact.channel) }, (data) => {
    if (!data) return data;
    const listed = data.pages.some((page) => page.contacts.some((row) => row.id === contact.id));
    return {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        count: listed || index > 0 ? page.count : page.count + 1,
        contacts: listed ? page.contacts.map((row) => (row.id === contact.id ? contact : row)) : index === 0 ? [contact, ...page.contacts] : page.contacts,
      })),
    };
  });
  client.setQueryData<ContactView>(contactsQueryKeys.one(contact.id), (current) => (current ? contact : current));
};

export const removeContactFromCache = (client: QueryClient, contactId: number) => {
  client.setQueriesData<Pages>({ queryKey: contactsQueryKeys.allPages }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, contacts: page.contacts.filter((row) => row.id !== contactId) })) },
  );
  client.removeQueries({ queryKey: contactsQueryKeys.one(contactId) });
};
