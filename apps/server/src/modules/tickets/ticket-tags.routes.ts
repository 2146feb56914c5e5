// Kanban stage of a ticket (01-core §7): DELETE clears the ticket's kanban tags, PUT sets one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@atende/shared/validation';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { addTicketTag, clearKanbanTags, findTag } from './ticket-tags.repo.ts';
import type { TicketsService } from './tickets.service.ts';

export const ticketTagsRoutes = (deps: { db: Db; tickets: TicketsService }): FastifyPluginAsyncZod => async (app) => {
  app.delete(
    '/ticket-tags/:ticketId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam }) } },
    async (request, reply) => {
      const ticket = await deps.tickets.visibleTicket(request.tenant, request.params.ticketId);
      await clearKanbanTags(deps.db, ticket.companyId, ticket.id);
      await deps.tickets.publishTicket(ticket);
      return reply.status(204).send();
    },
  );

  app.put(
    '/ticket-tags/:ticketId/:tagId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam, tagId: idParam }) } },
    async (request) => {
      const ticket = await deps.tickets.visibleTicket(request.tenant, request.params.ticketId);
      const tag = await findTag(deps.db, ticket.companyId, request.params.tagId);
      if (!tag) throw notFound('ERR_NOT_FOUND');
      await addTicketTag(deps.db, ticket.companyId, ticket.id, tag.id);
      return deps.tickets.publishTicket(ticket);
    },
  );
};
