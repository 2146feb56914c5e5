import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promptBody, promptParams, promptUpdateBody } from '@atende/shared/prompts';
import type { PromptsService } from './prompts.service.ts';

// 02-operations §7 Prompts: plan flag useOpenAi, hidden for profile user.
const manage = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useOpenAi' } as const;

export const promptsRoutes = (service: PromptsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/prompt', { config: manage }, (request) => service.list(request.tenant));
  app.get('/prompt/:promptId', { config: manage, schema: { params: promptParams } }, (request) => service.show(request.tenant, request.params.promptId));
  app.post('/prompt', { config: manage, schema: { body: promptBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );
  app.put('/prompt/:promptId', { config: manage, schema: { params: promptParams, body: promptUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.promptId, request.body),
  );
  app.delete('/prompt/:promptId', { config: manage, schema: { params: promptParams } }, (request) => service.remove(request.tenant, request.params.promptId));
};
