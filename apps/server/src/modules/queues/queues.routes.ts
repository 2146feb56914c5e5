import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatbotBody, chatbotListQuery, chatbotUpdateBody, queueBody, queueUpdateBody } from '@atende/shared/queues';
import { idParam } from '@atende/shared/validation';
import type { QueuesService } from './queues.service.ts';

const queueParams = z.strictObject({ queueId: idParam });
const chatbotParams = z.strictObject({ chatbotId: idParam });
const manage = { access: 'tenant', permission: 'drawer-admin-items:view' } as const;

// 02-operations §7 Queues and chatbot; 01-core §7 GET /queue/user.
export const queuesRoutes = (service: QueuesService): FastifyPluginAsyncZod => async (app) => {
  app.get('/queue', { config: { access: 'tenant' } }, (request) => service.list(request.tenant));
  app.get('/queue/user', { config: { access: 'tenant' } }, (request) => service.listOfUser(request.tenant));
  app.get('/queue/:queueId', { config: { access: 'tenant' }, schema: { params: queueParams } }, (request) =>
    service.show(request.tenant, request.params.queueId),
  );
  app.post('/queue', { config: manage, schema: { body: queueBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );
  app.put('/queue/:queueId', { config: manage, schema: { params: queueParams, body: queueUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.queueId, request.body),
  );
  app.delete('/queue/:queueId', { config: manage, schema: { params: queueParams } }, async (request, reply) => {
    await service.remove(request.tenant, request.params.queueId);
    return reply.status(204).send();
  });

  app.get('/chatbot', { config: { access: 'tenant' }, schema: { querystring: chatbotListQuery } }, (request) =>
    service.listOptions(request.tenant, request.query.queueId),
  );
  app.get('/chatbot/:chatbotId', { config: { access: 'tenant' }, schema: { params: chatbotParams } }, (request) =>
    service.showOption(request.tenant, request.params.chatbotId),
  );
  app.post('/chatbot', { config: manage, schema: { body: chatbotBody } }, async (request, reply) =>
    reply.status(201).send(await service.createOption(request.tenant, request.body)),
  );
  app.put('/chatbot/:chatbotId', { config: manage, schema: { params: chatbotParams, body: chatbotUpdateBody } }, (request) =>
    service.updateOption(request.tenant, request.params.chatbotId, request.body),
  );
  app.delete('/chatbot/:chatbotId', { config: manage, schema: { params: chatbotParams } }, async (request, reply) => {
    await service.removeOption(request.tenant, request.params.chatbotId);
    return reply.status(204).send();
  });
};
