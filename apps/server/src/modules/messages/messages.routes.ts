import { messageSendBody, messagesEndpoints as endpoints } from '@atende/shared/messages';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { parseFormFields } from '../../platform/uploads.ts';
import { readMessageRequest } from './message-request.routes.ts';
import type { MessagesService } from './messages.service.ts';

const tenant = { access: 'tenant' } as const;

// 01-core §7 messages calls. POST /messages/{ticketId} takes JSON or multipart (fields plus
// `medias` files); both end in the same validated body.
export const messagesRoutes = (service: MessagesService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, endpoints.list, tenant, ({ params, query }, request) => service.list(request.tenant, params.ticketId, query.pageNumber));
  endpointRoute(app, endpoints.send, tenant, async ({ params }, request) => {
    const { fields, medias } = await readMessageRequest(request);
    return service.send(request.tenant, params.ticketId, parseFormFields(messageSendBody, fields), medias);
  });
  endpointRoute(app, endpoints.edit, tenant, ({ params, body }, request) => service.edit(request.tenant, params.messageId, body.body));
  endpointRoute(app, endpoints.remove, tenant, ({ params }, request) => service.remove(request.tenant, params.messageId));
  endpointRoute(app, endpoints.forward, tenant, ({ body }, request) => service.forward(request.tenant, body.messageId, body.contactId));
  endpointRoute(app, endpoints.countAll, tenant, ({ query }, request) =>
    service.countAll(request.tenant, {
      fromMe: query.fromMe === undefined ? undefined : query.fromMe === 'true',
      dateStart: query.dateStart,
      dateEnd: query.dateEnd,
    }),
  );
};
