// 02-operations §7 Tags and kanban: the board's lanes and tickets, and a ticket's lane (01-core §7
// ticket-tags, also the contact drawer's stage select); all of them need plan flag useKanban.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kanbanLanesOrderBody, kanbanTicketsQuery } from '@atende/shared/kanban';
import { idParam } from '@atende/shared/validation';
import type { KanbanService } from './kanban.service.ts';

const board = { access: 'tenant', planFlag: 'useKanban' } as const;
// who may add columns (02-operations §6) may order them
const boardColumns = { ...board, permission: 'dashboard:view' } as const;

export const kanbanRoutes = (kanban: KanbanService): FastifyPluginAsyncZod => async (app) => {
  app.get('/tag/kanban', { config: board }, (request) => kanban.lanes(request.tenant));

  app.put('/tag/kanban/order', { config: boardColumns, schema: { body: kanbanLanesOrderBody } }, (request) =>
    kanban.reorderLanes(request.tenant, request.body),
  );

  app.get('/ticket/kanban', { config: board, schema: { querystring: kanbanTicketsQuery } }, (request) => kanban.tickets(request.tenant, request.query));

  app.delete(
    '/ticket-tags/:ticketId',
    { config: board, schema: { params: z.strictObject({ ticketId: idParam }) } },
    async (request, reply) => {
      await kanban.clearStage(request.tenant, request.params.ticketId);
      return reply.status(204).send();
    },
  );

  app.put(
    '/ticket-tags/:ticketId/:tagId',
    { config: board, schema: { params: z.strictObject({ ticketId: idParam, tagId: idParam }) } },
    (request) => kanban.setStage(request.tenant, request.params.ticketId, request.params.tagId),
  );
};
