import { chatsEndpoints as endpoints } from '@atende/shared/chats';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { ChatsService } from './chats.service.ts';

// every call of the area needs the plan's internal chat (02-operations §6)
const access = { access: 'tenant', planFlag: 'useInternalChat' } as const;

// 02-operations §7 Internal chat.
export const chatsRoutes = (service: ChatsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, endpoints.list, access, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, endpoints.show, access, ({ params }, request) => service.show(request.tenant, params.id));
  endpointRoute(app, endpoints.create, access, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, endpoints.update, access, ({ params, body }, request) => service.update(request.tenant, params.id, body));
  endpointRoute(app, endpoints.remove, access, ({ params }, request) => service.remove(request.tenant, params.id));
  endpointRoute(app, endpoints.markRead, access, ({ params }, request) => service.markRead(request.tenant, params.id));
  endpointRoute(app, endpoints.messages, access, ({ params, query }, request) => service.messages(request.tenant, params.id, query));
  endpointRoute(app, endpoints.send, access, ({ params, body }, request) => service.send(request.tenant, params.id, body));
};
