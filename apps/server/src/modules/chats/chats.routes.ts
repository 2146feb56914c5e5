import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatMessageBody, chatMessagesQuery, chatSaveBody, chatsListQuery } from '@atende/shared/chats';
import { idParam } from '@atende/shared/validation';
import type { ChatsService } from './chats.service.ts';

const chatParams = z.strictObject({ id: idParam });
// every call of the area needs the plan's internal chat (02-operations §6)
const access = { access: 'tenant', planFlag: 'useInternalChat' } as const;

// 02-operations §7 Internal chat.
export const chatsRoutes = (service: ChatsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/chats', { config: access, schema: { querystring: chatsListQuery } }, (request) => service.list(request.tenant, request.query));

  app.get('/chats/:id', { config: access, schema: { params: chatParams } }, (request) => service.show(request.tenant, request.params.id));

  app.post('/chats', { config: access, schema: { body: chatSaveBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );

  app.put('/chats/:id', { config: access, schema: { params: chatParams, body: chatSaveBody } }, (request) =>
    service.update(request.tenant, request.params.id, request.body),
  );

  app.delete('/chats/:id', { config: access, schema: { params: chatParams } }, async (request, reply) => {
    await service.remove(request.tenant, request.params.id);
    return reply.status(204).send();
  });

  // the family's clients name the user in the body ({ userId }); the caller's own count is the one
  // cleared, whoever is named, so the body is not read
  app.post('/chats/:id/read', { config: access, schema: { params: chatParams } }, (request) =>
    service.markRead(request.tenant, request.params.id),
  );

  app.get('/chats/:id/messages', { config: access, schema: { params: chatParams, querystring: chatMessagesQuery } }, (request) =>
    service.messages(request.tenant, request.params.id, request.query),
  );

  app.post('/chats/:id/messages', { config: access, schema: { params: chatParams, body: chatMessageBody } }, async (request, reply) =>
    reply.status(201).send(await service.send(request.tenant, request.params.id, request.body)),
  );
};
