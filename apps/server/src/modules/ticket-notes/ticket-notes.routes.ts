import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ticketNoteBody, ticketNotesQuery } from '@atende/shared/tickets';
import { idParam } from '@atende/shared/validation';
import type { TicketNotesService } from './ticket-notes.service.ts';

// 01-core §7 ticket-notes calls.
export const ticketNotesRoutes = (service: TicketNotesService): FastifyPluginAsyncZod => async (app) => {
  app.post('/ticket-notes', { config: { access: 'tenant' }, schema: { body: ticketNoteBody } }, async (request, reply) =>
    reply.status(201).send(await service.add(request.tenant, request.body)),
  );

  app.get('/ticket-notes/list', { config: { access: 'tenant' }, schema: { querystring: ticketNotesQuery } }, (request) =>
    service.list(request.tenant, request.query.ticketId, request.query.contactId),
  );

  app.delete(
    '/ticket-notes/:noteId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ noteId: idParam }) } },
    async (request, reply) => {
      await service.remove(request.tenant, request.params.noteId);
      return reply.status(204).send();
    },
  );
};
