import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planBody, planUpdateBody } from '@atende/shared/plans';
import { idParam } from '@atende/shared/validation';
import type { PlansService } from './plans.service.ts';

const planParams = z.strictObject({ planId: idParam });

// 03-saas §7 plans calls: the list of public plans feeds the sign-up page, everything else is the
// super admin's.
export const plansRoutes = (service: PlansService): FastifyPluginAsyncZod => async (app) => {
  app.get('/plans/list', { config: { access: 'public' } }, () => service.listPublic());

  app.get('/plans/all', { config: { access: 'super' } }, () => service.listAll());

  app.get('/plans/:planId', { config: { access: 'super' }, schema: { params: planParams } }, (request) => service.show(request.params.planId));

  app.post('/plans', { config: { access: 'super' }, schema: { body: planBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );

  app.put('/plans/:planId', { config: { access: 'super' }, schema: { params: planParams, body: planUpdateBody } }, (request) =>
    service.update(request.params.planId, request.body),
  );

  app.delete('/plans/:planId', { config: { access: 'super' }, schema: { params: planParams } }, async (request, reply) => {
    await service.remove(request.params.planId);
    return reply.status(204).send();
  });
};
