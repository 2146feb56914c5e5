import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queueIntegrationBody, queueIntegrationParams, queueIntegrationsQuery, queueIntegrationTestBody, queueIntegrationUpdateBody } from '@atende/shared/queue-integrations';
import type { IntegrationsService } from './integrations.service.ts';

// 02-operations §7 Queue integrations: plan flag useIntegrations; profile user sees no-permission.
const manage = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useIntegrations' } as const;

export const integrationsRoutes = (service: IntegrationsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/queueIntegration', { config: manage, schema: { querystring: queueIntegrationsQuery } }, (request) => service.list(request.tenant, request.query));
  app.get('/queueIntegration/:integrationId', { config: manage, schema: { params: queueIntegrationParams } }, (request) =>
    service.show(request.tenant, request.params.integrationId),
  );
  app.post('/queueIntegration', { config: manage, schema: { body: queueIntegrationBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );
  app.post('/queueIntegration/testSession', { config: manage, schema: { body: queueIntegrationTestBody } }, (request) =>
    service.testSession(request.tenant, request.body),
  );
  app.put('/queueIntegration/:integrationId', { config: manage, schema: { params: queueIntegrationParams, body: queueIntegrationUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.integrationId, request.body),
  );
  app.delete('/queueIntegration/:integrationId', { config: manage, schema: { params: queueIntegrationParams } }, (request) =>
    service.remove(request.tenant, request.params.integrationId),
  );
};
