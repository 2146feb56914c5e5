import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closeAllBody, ticketCreateBody, ticketsListQuery, ticketUpdateBody } from '@atende/shared/tickets';
import { idParam } from '@atende/shared/validation';
import type { TicketsService } from './tickets.service.ts';

const ticketIdParams = z.strictObject({ ticketId: idParam });

// 01-core §7 tickets calls and GET /tickets-log/{ticketId}.
export const ticketsRoutes = (service: TicketsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/tickets', { config: { access: 'tenant' }, schema: { querystring: ticketsListQuery } }, (request) =>
    service.list(request.tenant, request.query),
  );

  app.get('/tickets/u/:uuid', { config: { access: 'tenant' }, schema: { params: z.strictObject({ uuid: z.uuid() }) } }, (request) =>
    service.showByUuid(request.tenant, request.params.uuid),
  );

  app.get('/tickets/:ticketId', { config: { access: 'tenant' }, schema: { params: ticketIdParams } }, (request) =>
    service.show(request.tenant, request.params.ticketId),
  );

  app.post('/tickets', { config: { access: 'tenant' }, schema: { body: ticketCreateBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );

  app.put('/tickets/:ticketId', { config: { access: 'tenant' }, schema: { params: ticketIdParams, body: ticketUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.ticketId, request.body),
  );

  app.delete(
    '/tickets/:ticketId',
    { config: { access: 'tenant', permission: 'ticket-options:deleteTicket' }, schema: { params: ticketIdParams } },
    async (request, reply) => {
      await service.remove(request.tenant, request.params.ticketId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/tickets/closeAll',
    { config: { access: 'tenant', permission: 'tickets-manager:closeAll' }, schema: { body: closeAllBody } },
    (request) => service.closeAll(request.tenant, request.body.status, request.body.selectedQueueIds),
  );

  app.get('/tickets-log/:ticketId', { config: { access: 'tenant' }, schema: { params: ticketIdParams } }, (request) =>
    service.logs(request.tenant, request.params.ticketId),
  );
};
