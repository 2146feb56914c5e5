import { ANNOUNCEMENT_MEDIA_MAX_BYTES, announcementsEndpoints } from '@atende/shared/announcements';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { AnnouncementsService } from './announcements.service.ts';

const read = { access: 'tenant' } as const;
const write = { access: 'super' } as const;

// 02-operations §7 Announcements: every user reads, the super user writes (§6).
export const announcementsRoutes = (service: AnnouncementsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, announcementsEndpoints.page, read, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, announcementsEndpoints.show, read, ({ params }, request) => service.show(request.tenant, params.id));
  endpointRoute(app, announcementsEndpoints.create, write, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, announcementsEndpoints.update, write, ({ params, body }, request) => service.update(request.tenant, params.id, body));
  endpointRoute(app, announcementsEndpoints.remove, write, ({ params }, request) => service.remove(request.tenant, params.id));
  // multipart: the image as `file`
  endpointRoute(app, announcementsEndpoints.uploadMedia, write, async ({ params }, request) =>
    service.setMedia(request.tenant, params.id, await readSingleUpload(request, { field: 'file', maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES })),
  );
  endpointRoute(app, announcementsEndpoints.removeMedia, write, ({ params }, request) => service.clearMedia(request.tenant, params.id));
};
