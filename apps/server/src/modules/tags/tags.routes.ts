import { tagsEndpoints as endpoints } from '@atende/shared/tags';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { TagsService } from './tags.service.ts';

const open = { access: 'tenant' } as const;

// 01-core §7 and 02-operations §7 Tags and kanban (a contact's tags, /tags/sync and /contactTags,
// are in contacts.routes.ts; the board's lanes and a ticket's lane, in kanban). The tag screen is for all.
export const tagsRoutes = (tags: TagsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, endpoints.search, open, ({ query }, request) => tags.page(request.tenant, query));
  endpointRoute(app, endpoints.list, open, ({ query }, request) => tags.list(request.tenant, query));
  endpointRoute(app, endpoints.show, open, ({ params }, request) => tags.show(request.tenant, params.tagId));
  endpointRoute(app, endpoints.create, open, ({ body }, request) => tags.create(request.tenant, body));
  endpointRoute(app, endpoints.update, open, ({ params, body }, request) => tags.update(request.tenant, params.tagId, body));
  endpointRoute(app, endpoints.remove, open, ({ params }, request) => tags.remove(request.tenant, params.tagId));
  endpointRoute(app, endpoints.removeContact, open, ({ params }, request) => tags.removeContact(request.tenant, params.tagId, params.contactId));
};
