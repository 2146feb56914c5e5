// 02-operations §7 File lists; the /files screen and the queue dialog are for admins (§6: profile
// user blocked from files and queues).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_LIST_FILE_MAX_BYTES, FILE_LIST_FILES_PER_UPLOAD, fileListBody, fileListParams, fileListsQuery, fileListUpdateBody } from '@atende/shared/file-lists';
import { readUploads } from '../../platform/uploads.ts';
import type { FileListsService } from './file-lists.service.ts';

const manage = { access: 'tenant', permission: 'drawer-admin-items:view' } as const;
// fileId and typeArch, then mediaType, name and id once per file
const UPLOAD_MAX_FIELDS = 2 + 3 * FILE_LIST_FILES_PER_UPLOAD;

export const fileListsRoutes = (service: FileListsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/files', { config: manage, schema: { querystring: fileListsQuery } }, (request) => service.page(request.tenant, request.query));
  app.get('/files/:id', { config: manage, schema: { params: fileListParams } }, (request) => service.show(request.tenant, request.params.id));
  app.post('/files', { config: manage, schema: { body: fileListBody } }, async (request, reply) => reply.status(201).send(await service.create(request.tenant, request.body)));
  app.put('/files/:id', { config: manage, schema: { params: fileListParams, body: fileListUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.id, request.body),
  );
  app.delete('/files/:id', { config: manage, schema: { params: fileListParams } }, async (request, reply) => {
    await service.remove(request.tenant, request.params.id);
    return reply.status(204).send();
  });
  // multipart: repeated `files`, each with its option's `id` (and the browser's mediaType and name)
  app.post('/files/uploadList/:id', { config: manage, schema: { params: fileListParams } }, async (request) =>
    service.upload(
      request.tenant,
      request.params.id,
      await readUploads(request, { field: 'files', maxBytes: FILE_LIST_FILE_MAX_BYTES, maxFiles: FILE_LIST_FILES_PER_UPLOAD, maxFields: UPLOAD_MAX_FIELDS }),
    ),
  );
};
