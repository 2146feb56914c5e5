import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageEditBody, messageForwardBody, messageSendBody, messagesAllMeQuery, messagesListQuery } from '@atende/shared/messages';
import { idParam } from '@atende/shared/validation';
import { parseFormFields } from '../../platform/uploads.ts';
import { readMessageRequest } from './message-request.routes.ts';
import type { MessagesService } from './messages.service.ts';

// 01-core §7 messages calls. POST /messages/{ticketId} takes JSON or multipart (fields plus
// `medias` files); both end in the same validated body.
export const messagesRoutes = (service: MessagesService): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/messages/:ticketId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam }), querystring: messagesListQuery } },
    (request) => service.list(request.tenant, request.params.ticketId, request.query.pageNumber),
  );

  app.post(
    '/messages/:ticketId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam }) } },
    async (request, reply) => {
      const { fields, medias } = await readMessageRequest(request);
      const body = parseFormFields(messageSendBody, fields);
      return reply.status(201).send(await service.send(request.tenant, request.params.ticketId, body, medias));
    },
  );

  app.post(
    '/messages/edit/:messageId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ messageId: idParam }), body: messageEditBody } },
    (request) => service.edit(request.tenant, request.params.messageId, request.body.body),
  );

  app.delete('/messages/:messageId', { config: { access: 'tenant' }, schema: { params: z.strictObject({ messageId: idParam }) } }, (request) =>
    service.remove(request.tenant, request.params.messageId),
  );

  app.post('/message/forward', { config: { access: 'tenant' }, schema: { body: messageForwardBody } }, (request) =>
    service.forward(request.tenant, request.body.messageId, request.body.contactId),
  );

  app.get('/messages-allMe', { config: { access: 'tenant' }, schema: { querystring: messagesAllMeQuery } }, (request) =>
    service.countAll(request.tenant, {
      fromMe: request.query.fromMe === undefined ? undefined : request.query.fromMe === 'true',
      dateStart: request.query.dateStart,
      dateEnd: request.query.dateEnd,
    }),
  );
};
