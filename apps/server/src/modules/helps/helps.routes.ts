import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { helpBody, helpsListQuery, helpUpdateBody } from '@atende/shared/helps';
import { idParam } from '@atende/shared/validation';
import type { HelpsService } from './helps.service.ts';

const helpParams = z.strictObject({ id: idParam });

// 03-saas §7 helps calls: reads for every signed-in user, writes for the super admin (§6).
export const helpsRoutes = (service: HelpsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/helps', { config: { access: 'tenant' }, schema: { querystring: helpsListQuery } }, (request) => service.page(request.query));
  app.get('/helps/list', { config: { access: 'tenant' } }, () => service.list());
  app.post('/helps', { config: { access: 'super' }, schema: { body: helpBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );
  app.put('/helps/:id', { config: { access: 'super' }, schema: { params: helpParams, body: helpUpdateBody } }, (request) =>
    service.update(request.params.id, request.body),
  );
  app.delete('/helps/:id', { config: { access: 'super' }, schema: { params: helpParams } }, async (request, reply) => {
    await service.remove(request.params.id);
    return reply.status(204).send();
  });
};
