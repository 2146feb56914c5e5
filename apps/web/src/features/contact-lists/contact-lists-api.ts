import { contactListItemBody, contactListsEndpoints, type ContactListBody, type ContactListItemUpdateBody } from '@atende/shared/contact-lists';
import type { z } from 'zod';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

// an entry as typed: the server trims it, keeps the number's digits and fills the email's default
export type ContactListItemInput = z.input<typeof contactListItemBody>;

export const contactListsApi = {
  page: (searchParam: string, pageNumber: number) => callEndpoint(contactListsEndpoints.page, { query: { searchParam: searchParam || undefined, pageNumber } }),
  // every list, for pickers (the contact import, the campaign dialog's audience)
  all: () => callEndpoint(contactListsEndpoints.all),
  get: (id: number) => callEndpoint(contactListsEndpoints.show, { params: { contactListId: id } }),
  create: (body: ContactListBody) => callEndpoint(contactListsEndpoints.create, { body }),
  update: (id: number, body: ContactListBody) => callEndpoint(contactListsEndpoints.update, { params: { contactListId: id }, body }),
  remove: (id: number) => callEndpoint(contactListsEndpoints.remove, { params: { contactListId: id } }),
  upload: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return sendFormToEndpoint(contactListsEndpoints.upload, form, { params: { contactListId: id } });
  },
  items: (contactListId: number, searchParam: string, pageNumber: number) =>
    callEndpoint(contactListsEndpoints.items, { query: { contactListId, searchParam: searchParam || undefined, pageNumber } }),
  createItem: (body: ContactListItemInput) => callEndpoint(contactListsEndpoints.createItem, { body }),
  updateItem: (id: number, body: ContactListItemUpdateBody) => callEndpoint(contactListsEndpoints.updateItem, { params: { itemId: id }, body }),
  removeItem: (id: number) => callEndpoint(contactListsEndpoints.removeItem, { params: { itemId: id } }),
};

export const contactListsQueryKeys = {
  pages: (search: string) => ['contact-lists', 'pages', search] as const,
  allPages: ['contact-lists', 'pages'] as const,
  all: ['contact-lists', 'all'] as const,
  one: (id: number) => ['contact-lists', 'one', id] as const,
  items: (contactListId: number, search: string) => ['contact-list-items', contactListId, search] as const,
  allItems: ['contact-list-items'] as const,
};
