import type {
  ContactListBody,
  ContactListItemBody,
  ContactListItemsPage,
  ContactListItemUpdateBody,
  ContactListItemView,
  ContactListsPage,
  ContactListUploadAnswer,
  ContactListView,
} from '@atende/shared/contact-lists';
import { api } from '../../lib/api-client.ts';

export const contactListsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<ContactListsPage>('/contact-lists', { searchParam: searchParam || undefined, pageNumber }),
  // every list, for pickers (the contact import)
  all: () => api.get<ContactListView[]>('/contact-lists/list'),
  get: (id: number) => api.get<ContactListView>(`/contact-lists/${id}`),
  // every list, for the campaign dialog's audience choice
  options: () => api.get<ContactListView[]>('/contact-lists/list'),
  create: (body: ContactListBody) => api.post<ContactListView>('/contact-lists', body),
  update: (id: number, body: ContactListBody) => api.put<ContactListView>(`/contact-lists/${id}`, body),
  remove: (id: number) => api.delete<void>(`/contact-lists/${id}`),
  upload: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<ContactListUploadAnswer>(`/contact-lists/${id}/upload`, form);
  },
  items: (contactListId: number, searchParam: string, pageNumber: number) =>
    api.get<ContactListItemsPage>('/contact-list-items', { contactListId, searchParam: searchParam || undefined, pageNumber }),
  createItem: (body: ContactListItemBody) => api.post<ContactListItemView>('/contact-list-items', body),
  updateItem: (id: number, body: ContactListItemUpdateBody) => api.put<ContactListItemView>(`/contact-list-items/${id}`, body),
  removeItem: (id: number) => api.delete<void>(`/contact-list-items/${id}`),
};

export const contactListsQueryKeys = {
  pages: (search: string) => ['contact-lists', 'pages', search] as const,
  allPages: ['contact-lists', 'pages'] as const,
  all: ['contact-lists', 'all'] as const,
  one: (id: number) => ['contact-lists', 'one', id] as const,
  options: ['contact-lists', 'options'] as const,
  items: (contactListId: number, search: string) => ['contact-list-items', contactListId, search] as const,
  allItems: ['contact-list-items'] as const,
};
