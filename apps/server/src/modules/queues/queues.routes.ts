import { queuesEndpoints } from '@atende/shared/queues';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { QueuesService } from './queues.service.ts';

const tenant = { access: 'tenant' } as const;
const manage = { access: 'tenant', permission: 'drawer-admin-items:view' } as const;

// 02-operations §7 Queues and chatbot; 01-core §7 GET /queue/user.
export const queuesRoutes = (service: QueuesService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, queuesEndpoints.list, tenant, (_input, request) => service.list(request.tenant));
  endpointRoute(app, queuesEndpoints.mine, tenant, (_input, request) => service.listOfUser(request.tenant));
  endpointRoute(app, queuesEndpoints.show, tenant, ({ params }, request) => service.show(request.tenant, params.queueId));
  endpointRoute(app, queuesEndpoints.create, manage, ({ body }, request) => service.create(request.tenant, body, requestActor(request)));
  endpointRoute(app, queuesEndpoints.update, manage, ({ params, body }, request) => service.update(request.tenant, params.queueId, body, requestActor(request)));
  endpointRoute(app, queuesEndpoints.remove, manage, ({ params }, request) => service.remove(request.tenant, params.queueId, requestActor(request)));

  endpointRoute(app, queuesEndpoints.options, tenant, ({ query }, request) => service.listOptions(request.tenant, query.queueId));
  endpointRoute(app, queuesEndpoints.showOption, tenant, ({ params }, request) => service.showOption(request.tenant, params.chatbotId));
  endpointRoute(app, queuesEndpoints.createOption, manage, ({ body }, request) => service.createOption(request.tenant, body, requestActor(request)));
  endpointRoute(app, queuesEndpoints.updateOption, manage, ({ params, body }, request) => service.updateOption(request.tenant, params.chatbotId, body, requestActor(request)));
  endpointRoute(app, queuesEndpoints.removeOption, manage, ({ params }, request) => service.removeOption(request.tenant, params.chatbotId, requestActor(request)));
};
