import type { ContactCreateBody, ContactsPage, ContactUpdateBody, ContactView } from '@atende/shared/contacts';
import type { ContactTagsAnswer, TagView } from '@atende/shared/tags';
import { api } from '../../lib/api-client.ts';

export const contactsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<ContactsPage>('/contacts', { searchParam: searchParam || undefined, pageNumber }),
  get: (id: number) => api.get<ContactView>(`/contacts/${id}`),
  create: (body: ContactCreateBody) => api.post<ContactView>('/contacts', body),
  update: (id: number, body: ContactUpdateBody) => api.put<ContactView>(`/contacts/${id}`, body),
  remove: (id: number) => api.delete<void>(`/contacts/${id}`),
  block: (id: number, active: boolean) => api.put<ContactView>(`/contacts/block/${id}`, { active }),
  toggleAcceptAudio: (id: number) => api.put<ContactView>(`/contacts/toggleAcceptAudio/${id}`),
  toggleDisableBot: (id: number) => api.put<ContactView>(`/contacts/toggleDisableBot/${id}`),
  tags: (contactId: number) => api.get<ContactTagsAnswer>(`/contactTags/${contactId}`),
  createTag: (name: string, color: string) => api.post<TagView>('/tags', { name, color, kanban: 0 }),
  syncTags: (contactId: number, tags: TagView[]) => api.post<unknown>('/tags/sync', { contactId, tags: tags.map((tag) => ({ id: tag.id })) }),
};

export const contactsQueryKeys = {
  allPages: ['contacts', 'pages'] as const,
  pages: (search: string) => ['contacts', 'pages', search] as const,
  // the first page of a search, for pickers
  search: (search: string) => ['contacts', 'search', search] as const,
  one: (id: number) => ['contacts', 'one', id] as const,
};
