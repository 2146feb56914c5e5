import { tagsEndpoints, type TagCreateBody, type TagUpdateBody } from '@atende/shared/tags';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// query values travel as text
const kanbanQuery = (kanban?: 0 | 1) => (kanban === undefined ? {} : { kanban: kanban === 1 ? ('1' as const) : ('0' as const) });

export const tagsApi = {
  list: () => callEndpoint(tagsEndpoints.list),
  // the kanban tags are the lanes of a ticket's kanban stage
  kanbanLanes: () => callEndpoint(tagsEndpoints.list, { query: kanbanQuery(1) }),
  page: (search: string, pageNumber: number, kanban?: 0 | 1) =>
    callEndpoint(tagsEndpoints.search, { query: { searchParam: search, pageNumber, ...kanbanQuery(kanban) } }),
  get: (id: number) => callEndpoint(tagsEndpoints.show, { params: { tagId: id } }),
  create: (body: TagCreateBody) => callEndpoint(tagsEndpoints.create, { body }),
  update: (id: number, body: TagUpdateBody) => callEndpoint(tagsEndpoints.update, { params: { tagId: id }, body }),
  remove: (id: number) => callEndpoint(tagsEndpoints.remove, { params: { tagId: id } }),
  removeContact: (tagId: number, contactId: number) => callEndpoint(tagsEndpoints.removeContact, { params: { tagId, contactId } }),
};

// The kanban lanes sit under the list key, so a changed tag refreshes both.
export const tagsQueryKeys = {
  list: ['tags', 'list'] as const,
  kanbanLanes: ['tags', 'list', 'kanban'] as const,
  allPages: ['tags', 'pages'] as const,
  pages: (search: string, kanban?: 0 | 1) => ['tags', 'pages', search, kanban ?? 'all'] as const,
  one: (id: number) => ['tags', 'one', id] as const,
};
