import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, announcementSaveBody, announcementsListQuery } from '@atende/shared/announcements';
import { idParam } from '@atende/shared/validation';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { AnnouncementsService } from './announcements.service.ts';

const announcementParams = z.strictObject({ id: idParam });

// 02-operations §7 Announcements: every user reads, the super user writes (§6).
export const announcementsRoutes = (service: AnnouncementsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/announcements', { config: { access: 'tenant' }, schema: { querystring: announcementsListQuery } }, (request) =>
    service.list(request.tenant, request.query),
  );

  app.get('/announcements/:id', { config: { access: 'tenant' }, schema: { params: announcementParams } }, (request) =>
    service.show(request.tenant, request.params.id),
  );

  app.post('/announcements', { config: { access: 'super' }, schema: { body: announcementSaveBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );

  app.put('/announcements/:id', { config: { access: 'super' }, schema: { params: announcementParams, body: announcementSaveBody } }, (request) =>
    service.update(request.tenant, request.params.id, request.body),
  );

  app.delete('/announcements/:id', { config: { access: 'super' }, schema: { params: announcementParams } }, async (request, reply) => {
    await service.remove(request.tenant, request.params.id);
    return reply.status(204).send();
  });

  app.post('/announcements/:id/media-upload', { config: { access: 'super' }, schema: { params: announcementParams } }, async (request) => {
    const upload = await readSingleUpload(request, { field: 'file', maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES });
    return service.setMedia(request.tenant, request.params.id, upload);
  });

  app.delete('/announcements/:id/media-upload', { config: { access: 'super' }, schema: { params: announcementParams } }, (request) =>
    service.clearMedia(request.tenant, request.params.id),
  );
};
