// 02-operations §7 Quick messages; the screen is for every profile (§2 "All").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUICK_MESSAGE_MEDIA_MAX_BYTES, quickMessageBody, quickMessagesListQuery, quickMessagesPageQuery, quickMessageUpdateBody } from '@atende/shared/quick-messages';
import { idParam } from '@atende/shared/validation';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { QuickMessagesService } from './quick-messages.service.ts';

const params = z.strictObject({ id: idParam });
const open = { access: 'tenant' } as const;

export const quickMessagesRoutes = (service: QuickMessagesService): FastifyPluginAsyncZod => async (app) => {
  app.get('/quick-messages', { config: open, schema: { querystring: quickMessagesPageQuery } }, (request) => service.page(request.tenant, request.query));
  app.get('/quick-messages/list', { config: open, schema: { querystring: quickMessagesListQuery } }, (request) => service.list(request.tenant));
  app.get('/quick-messages/:id', { config: open, schema: { params } }, (request) => service.show(request.tenant, request.params.id));
  app.post('/quick-messages', { config: open, schema: { body: quickMessageBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );
  app.put('/quick-messages/:id', { config: open, schema: { params, body: quickMessageUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.id, request.body),
  );
  app.delete('/quick-messages/:id', { config: open, schema: { params } }, async (request, reply) => {
    await service.remove(request.tenant, request.params.id);
    return reply.status(204).send();
  });
  // multipart: the file under `file` (the web also sends typeArch, which names the folder it used)
  app.post('/quick-messages/:id/media-upload', { config: open, schema: { params } }, async (request) =>
    service.setMedia(request.tenant, request.params.id, await readSingleUpload(request, { field: 'file', maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES })),
  );
  app.delete('/quick-messages/:id/media-upload', { config: open, schema: { params } }, (request) => service.clearMedia(request.tenant, request.params.id));
};
