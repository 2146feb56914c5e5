import { connectionsEndpoints } from '@atende/shared/connections';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { ConnectionsService } from './connections.service.ts';

const tenant = { access: 'tenant' } as const;
const edit = { access: 'tenant', permission: 'connections-page:editOrDeleteConnection' } as const;
const GREETING_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

// 02-operations §7 Connections (list, filter, show, create, update, delete, greeting attachment).
export const connectionsRoutes = (service: ConnectionsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, connectionsEndpoints.list, tenant, (_input, request) => service.list(request.tenant));

  // 02-operations §2 /allConnections, §7 GET /whatsapp/all/?session=0
  endpointRoute(app, connectionsEndpoints.everyCompany, { access: 'super' }, () => service.everyCompany());

  endpointRoute(app, connectionsEndpoints.filter, tenant, ({ query }, request) => service.list(request.tenant, query.channel));

  endpointRoute(app, connectionsEndpoints.show, tenant, ({ params }, request) => service.show(request.tenant, params.whatsappId));

  endpointRoute(app, connectionsEndpoints.create, { access: 'tenant', permission: 'connections-page:addConnection' }, ({ body }, request) =>
    service.create(request.tenant, body, requestActor(request)),
  );

  endpointRoute(app, connectionsEndpoints.update, edit, ({ params, body }, request) => service.update(request.tenant, params.whatsappId, body, requestActor(request)));

  // 02-operations §5: the greeting attachment is an image or a video, sent as a multipart form
  endpointRoute(app, connectionsEndpoints.uploadGreetingMedia, edit, async ({ params }, request) => {
    const upload = await readSingleUpload(request, { field: 'file', maxBytes: GREETING_MEDIA_MAX_BYTES });
    return service.setGreetingMedia(request.tenant, params.whatsappId, upload, requestActor(request));
  });

  endpointRoute(app, connectionsEndpoints.clearGreetingMedia, edit, ({ params }, request) => service.clearGreetingMedia(request.tenant, params.whatsappId, requestActor(request)));

  endpointRoute(app, connectionsEndpoints.remove, edit, ({ params }, request) => service.remove(request.tenant, params.whatsappId, requestActor(request)));
};
