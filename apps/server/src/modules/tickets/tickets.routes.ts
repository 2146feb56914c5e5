import { ticketsEndpoints as endpoints } from '@atende/shared/tickets';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { TicketsService } from './tickets.service.ts';

const tenant = { access: 'tenant' } as const;

// 01-core §7 tickets calls and GET /tickets-log/{ticketId}.
export const ticketsRoutes = (service: TicketsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, endpoints.list, tenant, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, endpoints.showByUuid, tenant, ({ params }, request) => service.showByUuid(request.tenant, params.uuid));
  endpointRoute(app, endpoints.show, tenant, ({ params }, request) => service.show(request.tenant, params.ticketId));
  endpointRoute(app, endpoints.create, tenant, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, endpoints.update, tenant, ({ params, body }, request) => service.update(request.tenant, params.ticketId, body));
  endpointRoute(app, endpoints.remove, { ...tenant, permission: 'ticket-options:deleteTicket' }, ({ params }, request) => service.remove(request.tenant, params.ticketId));
  endpointRoute(app, endpoints.closeAll, { ...tenant, permission: 'tickets-manager:closeAll' }, ({ body }, request) =>
    service.closeAll(request.tenant, body.status, body.selectedQueueIds),
  );
  endpointRoute(app, endpoints.logs, tenant, ({ params }, request) => service.logs(request.tenant, params.ticketId));
};
