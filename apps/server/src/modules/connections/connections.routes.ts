import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { listConnections } from './connections.repo.ts';

// 01-core §7 GET /whatsapp: the connection summaries of the company (default-connection select).
export const connectionsRoutes = (deps: { db: Db }): FastifyPluginAsyncZod => async (app) => {
  app.get('/whatsapp', { config: { access: 'tenant' } }, (request) => listConnections(deps.db, request.tenant.companyId));
};
