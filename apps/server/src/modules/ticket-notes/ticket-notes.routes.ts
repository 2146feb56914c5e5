import { ticketNotesEndpoints } from '@atende/shared/tickets';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { TicketNotesService } from './ticket-notes.service.ts';

// 01-core §7 ticket-notes calls.
const tenant = { access: 'tenant' } as const;

export const ticketNotesRoutes = (service: TicketNotesService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, ticketNotesEndpoints.create, tenant, ({ body }, request) => service.add(request.tenant, body));
  endpointRoute(app, ticketNotesEndpoints.list, tenant, ({ query }, request) => service.list(request.tenant, query.ticketId, query.contactId));
  endpointRoute(app, ticketNotesEndpoints.remove, tenant, ({ params }, request) => service.remove(request.tenant, params.noteId));
};
