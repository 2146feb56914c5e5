import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allConnectionsQuery } from '@atende/shared/companies';
import { connectionCreateBody, connectionsListQuery, connectionUpdateBody } from '@atende/shared/connections';
import { idParam } from '@atende/shared/validation';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { ConnectionsService } from './connections.service.ts';

const connectionParams = z.strictObject({ whatsappId: idParam });
const showQuery = z.object({ session: z.string().max(10).optional() });
const edit = { access: 'tenant', permission: 'connections-page:editOrDeleteConnection' } as const;
const GREETING_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

// 02-operations §7 Connections (list, filter, show, create, update, delete, greeting attachment).
export const connectionsRoutes = (service: ConnectionsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/whatsapp', { config: { access: 'tenant' }, schema: { querystring: connectionsListQuery } }, (request) =>
    service.list(request.tenant),
  );

  // 02-operations §2 /allConnections, §7 GET /whatsapp/all/?session=0
  app.get('/whatsapp/all', { config: { access: 'super' }, schema: { querystring: allConnectionsQuery } }, () => service.everyCompany());

  app.get('/whatsapp/filter', { config: { access: 'tenant' }, schema: { querystring: connectionsListQuery } }, (request) =>
    service.list(request.tenant, request.query.channel),
  );

  app.get('/whatsapp/:whatsappId', { config: { access: 'tenant' }, schema: { params: connectionParams, querystring: showQuery } }, (request) =>
    service.show(request.tenant, request.params.whatsappId),
  );

  app.post(
    '/whatsapp',
    { config: { access: 'tenant', permission: 'connections-page:addConnection' }, schema: { body: connectionCreateBody } },
    async (request, reply) => reply.status(201).send(await service.create(request.tenant, request.body)),
  );

  app.put(
    '/whatsapp/:whatsappId',
    {
      config: { access: 'tenant', permission: 'connections-page:editOrDeleteConnection' },
      schema: { params: connectionParams, body: connectionUpdateBody },
    },
    (request) => service.update(request.tenant, request.params.whatsappId, request.body),
  );

  // 02-operations §5: the greeting attachment is an image or a video
  app.post('/whatsapp/:whatsappId/media-upload', { config: edit, schema: { params: connectionParams } }, async (request) => {
    const upload = await readSingleUpload(request, { field: 'file', maxBytes: GREETING_MEDIA_MAX_BYTES });
    return service.setGreetingMedia(request.tenant, request.params.whatsappId, upload);
  });

  app.delete('/whatsapp/:whatsappId/media-upload', { config: edit, schema: { params: connectionParams } }, (request) =>
    service.clearGreetingMedia(request.tenant, request.params.whatsappId),
  );

  app.delete(
    '/whatsapp/:whatsappId',
    { config: { access: 'tenant', permission: 'connections-page:editOrDeleteConnection' }, schema: { params: connectionParams } },
    async (request, reply) => {
      await service.remove(request.tenant, request.params.whatsappId);
      return reply.status(204).send();
    },
  );
};
