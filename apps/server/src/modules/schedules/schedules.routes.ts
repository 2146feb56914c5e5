import { SCHEDULE_MEDIA_MAX_BYTES, schedulesEndpoints } from '@atende/shared/scheduled-messages';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { SchedulesService } from './schedules.service.ts';

const config = { access: 'tenant', planFlag: 'useSchedules' } as const;

// 02-operations §7 Schedules.
export const schedulesRoutes = (service: SchedulesService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, schedulesEndpoints.page, config, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, schedulesEndpoints.show, config, ({ params }, request) => service.show(request.tenant, params.scheduleId));
  endpointRoute(app, schedulesEndpoints.create, config, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, schedulesEndpoints.update, config, ({ params, body }, request) => service.update(request.tenant, params.scheduleId, body));
  endpointRoute(app, schedulesEndpoints.remove, config, ({ params }, request) => service.remove(request.tenant, params.scheduleId));
  // multipart: the attachment as `file`
  endpointRoute(app, schedulesEndpoints.uploadMedia, config, async ({ params }, request) =>
    service.setMedia(request.tenant, params.scheduleId, await readSingleUpload(request, { field: 'file', maxBytes: SCHEDULE_MEDIA_MAX_BYTES })),
  );
  endpointRoute(app, schedulesEndpoints.removeMedia, config, ({ params }, request) => service.clearMedia(request.tenant, params.scheduleId));
};
