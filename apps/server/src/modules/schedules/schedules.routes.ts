import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SCHEDULE_MEDIA_MAX_BYTES,
  scheduleCreateBody,
  scheduleParams,
  schedulesListQuery,
  scheduleUpdateBody,
} from '@atende/shared/scheduled-messages';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { SchedulesService } from './schedules.service.ts';

const config = { access: 'tenant', planFlag: 'useSchedules' } as const;

// 02-operations §7 Schedules.
export const schedulesRoutes = (service: SchedulesService): FastifyPluginAsyncZod => async (app) => {
  app.get('/schedules', { config, schema: { querystring: schedulesListQuery } }, (request) => service.list(request.tenant, request.query));

  app.get('/schedules/:scheduleId', { config, schema: { params: scheduleParams } }, (request) =>
    service.show(request.tenant, request.params.scheduleId),
  );

  app.post('/schedules', { config, schema: { body: scheduleCreateBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );

  app.put('/schedules/:scheduleId', { config, schema: { params: scheduleParams, body: scheduleUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.scheduleId, request.body),
  );

  app.delete('/schedules/:scheduleId', { config, schema: { params: scheduleParams } }, async (request, reply) => {
    await service.remove(request.tenant, request.params.scheduleId);
    return reply.status(204).send();
  });

  app.post('/schedules/:scheduleId/media-upload', { config, schema: { params: scheduleParams } }, async (request) => {
    const upload = await readSingleUpload(request, { field: 'file', maxBytes: SCHEDULE_MEDIA_MAX_BYTES });
    return service.setMedia(request.tenant, request.params.scheduleId, upload);
  });

  app.delete('/schedules/:scheduleId/media-upload', { config, schema: { params: scheduleParams } }, (request) =>
    service.clearMedia(request.tenant, request.params.scheduleId),
  );
};
