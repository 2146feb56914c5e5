import type { ConnectionChannel } from '@atende/shared/connections';
import { contactCreateBody, contactsEndpoints, contactUpdateBody } from '@atende/shared/contacts';
import { tagsEndpoints, type TagView } from '@atende/shared/tags';
import type { z } from 'zod';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// what a save sends is the schema's input: the server trims, checks and stores it
export type ContactSaveInput = z.input<typeof contactCreateBody>;

export const contactsApi = {
  page: (searchParam: string, pageNumber: number, channel?: ConnectionChannel) =>
    callEndpoint(contactsEndpoints.page, { query: { searchParam: searchParam || undefined, pageNumber, channel } }),
  get: (id: number) => callEndpoint(contactsEndpoints.show, { params: { id } }),
  create: (body: ContactSaveInput) => callEndpoint(contactsEndpoints.create, { body }),
  update: (id: number, body: z.input<typeof contactUpdateBody>) => callEndpoint(contactsEndpoints.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(contactsEndpoints.remove, { params: { id } }),
  block: (id: number, active: boolean) => callEndpoint(contactsEndpoints.block, { params: { id }, body: { active } }),
  toggleAcceptAudio: (id: number) => callEndpoint(contactsEndpoints.toggleAcceptAudio, { params: { id } }),
  toggleDisableBot: (id: number) => callEndpoint(contactsEndpoints.toggleDisableBot, { params: { id } }),
  tags: (contactId: number) => callEndpoint(contactsEndpoints.tags, { params: { contactId } }),
  // a tag typed in the contact's tag box: a plain tag (not a lane) of that name and colour
  createTag: (name: string, color: string) => callEndpoint(tagsEndpoints.create, { body: { name, color, kanban: 0 } }),
  syncTags: (contactId: number, tags: TagView[]) => callEndpoint(contactsEndpoints.syncTags, { body: { contactId, tags: tags.map((tag) => ({ id: tag.id })) } }),
};

export const contactsQueryKeys = {
  allPages: ['contacts', 'pages'] as const,
  // the contacts page's list; '' is every channel
  pages: (search: string, channel: ConnectionChannel | '') => ['contacts', 'pages', search, channel] as const,
  // the first page of a search, for pickers
  search: (search: string) => ['contacts', 'search', search] as const,
  one: (id: number) => ['contacts', 'one', id] as const,
};
