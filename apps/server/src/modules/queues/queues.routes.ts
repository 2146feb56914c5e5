import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { listQueues, listQueuesOfUser } from './queues.repo.ts';

// 01-core §7: queue lists for selects (the queue screens come with their own issue).
export const queuesRoutes = (deps: { db: Db }): FastifyPluginAsyncZod => async (app) => {
  app.get('/queue', { config: { access: 'tenant' } }, (request) => listQueues(deps.db, request.tenant.companyId));
  app.get('/queue/user', { config: { access: 'tenant' } }, (request) =>
    listQueuesOfUser(deps.db, request.tenant.companyId, request.tenant.userId),
  );
};
