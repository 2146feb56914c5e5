// 02-operations §7 Tags and kanban: the board's lanes and tickets, and a ticket's lane (01-core §7
// ticket-tags, also the contact drawer's stage select); all of them need plan flag useKanban.
import { kanbanEndpoints as endpoints } from '@atende/shared/kanban';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { KanbanService } from './kanban.service.ts';

const board = { access: 'tenant', planFlag: 'useKanban' } as const;
// who may add columns (02-operations §6) may order them
const boardColumns = { ...board, permission: 'dashboard:view' } as const;

export const kanbanRoutes = (kanban: KanbanService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, endpoints.lanes, board, (_input, request) => kanban.lanes(request.tenant));
  endpointRoute(app, endpoints.reorderLanes, boardColumns, ({ body }, request) => kanban.reorderLanes(request.tenant, body));
  endpointRoute(app, endpoints.tickets, board, ({ query }, request) => kanban.tickets(request.tenant, query));
  endpointRoute(app, endpoints.removeFromLane, board, ({ params }, request) => kanban.removeFromLane(request.tenant, params.ticketId));
  endpointRoute(app, endpoints.moveToLane, board, ({ params }, request) => kanban.moveToLane(request.tenant, params.ticketId, params.tagId));
};
