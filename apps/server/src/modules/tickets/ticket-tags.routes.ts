// Kanban stage of a ticket (01-core §7): DELETE clears the ticket's kanban tags, PUT sets one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@atende/shared/validation';
import type { TicketsService } from './tickets.service.ts';

export const ticketTagsRoutes = (tickets: TicketsService): FastifyPluginAsyncZod => async (app) => {
  app.delete(
    '/ticket-tags/:ticketId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam }) } },
    async (request, reply) => {
      await tickets.clearKanbanStage(request.tenant, request.params.ticketId);
      return reply.status(204).send();
    },
  );

  app.put(
    '/ticket-tags/:ticketId/:tagId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam, tagId: idParam }) } },
    (request) => tickets.setKanbanStage(request.tenant, request.params.ticketId, request.params.tagId),
  );
};
