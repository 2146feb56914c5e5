// 02-operations §7 Quick messages; the screen is for every profile (§2 "All").
import { QUICK_MESSAGE_MEDIA_MAX_BYTES, quickMessagesEndpoints as endpoints } from '@atende/shared/quick-messages';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { QuickMessagesService } from './quick-messages.service.ts';

const open = { access: 'tenant' } as const;

export const quickMessagesRoutes = (service: QuickMessagesService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, endpoints.page, open, ({ query }, request) => service.page(request.tenant, query));
  endpointRoute(app, endpoints.list, open, (_input, request) => service.list(request.tenant));
  endpointRoute(app, endpoints.show, open, ({ params }, request) => service.show(request.tenant, params.id));
  endpointRoute(app, endpoints.create, open, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, endpoints.update, open, ({ params, body }, request) => service.update(request.tenant, params.id, body));
  endpointRoute(app, endpoints.remove, open, ({ params }, request) => service.remove(request.tenant, params.id));
  // multipart: the file under `file` (the web also sends typeArch, which names the folder it used)
  endpointRoute(app, endpoints.uploadMedia, open, async ({ params }, request) =>
    service.setMedia(request.tenant, params.id, await readSingleUpload(request, { field: 'file', maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES })),
  );
  endpointRoute(app, endpoints.removeMedia, open, ({ params }, request) => service.clearMedia(request.tenant, params.id));
};
