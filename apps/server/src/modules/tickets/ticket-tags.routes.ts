// Kanban stage of a ticket (01-core §7): DELETE clears the ticket's kanban tags, PUT sets one.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@atende/shared/validation';
import type { Db } from '../../db/client.ts';
import { tags, ticketTags } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { TicketsService } from './tickets.service.ts';

export const ticketTagsRoutes = (deps: { db: Db; tickets: TicketsService }): FastifyPluginAsyncZod => async (app) => {
  app.delete(
    '/ticket-tags/:ticketId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam }) } },
    async (request, reply) => {
      const ticket = await deps.tickets.visibleTicket(request.tenant, request.params.ticketId);
      const kanbanTagIds = deps.db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, ticket.companyId), eq(tags.kanban, 1)));
      await deps.db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), inArray(ticketTags.tagId, kanbanTagIds)));
      await deps.tickets.publishTicket(ticket);
      return reply.status(204).send();
    },
  );

  app.put(
    '/ticket-tags/:ticketId/:tagId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam, tagId: idParam }) } },
    async (request) => {
      const ticket = await deps.tickets.visibleTicket(request.tenant, request.params.ticketId);
      const [tag] = await deps.db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, ticket.companyId), eq(tags.id, request.params.tagId)));
      if (!tag) throw notFound('ERR_NOT_FOUND');
      await deps.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tag.id, companyId: ticket.companyId }).onConflictDoNothing();
      return deps.tickets.publishTicket(ticket);
    },
  );
};
