// 02-operations §7 File lists; the /files screen and the queue dialog are for admins (§6: profile
// user blocked from files and queues).
import { FILE_LIST_FILE_MAX_BYTES, FILE_LIST_FILES_PER_UPLOAD, fileListsEndpoints } from '@atende/shared/file-lists';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { readUploads } from '../../platform/uploads.ts';
import type { FileListsService } from './file-lists.service.ts';

const manage = { access: 'tenant', permission: 'drawer-admin-items:view' } as const;
// fileId and typeArch, then mediaType, name and id once per file
const UPLOAD_MAX_FIELDS = 2 + 3 * FILE_LIST_FILES_PER_UPLOAD;

export const fileListsRoutes = (service: FileListsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, fileListsEndpoints.page, manage, ({ query }, request) => service.page(request.tenant, query));
  endpointRoute(app, fileListsEndpoints.show, manage, ({ params }, request) => service.show(request.tenant, params.id));
  endpointRoute(app, fileListsEndpoints.create, manage, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, fileListsEndpoints.update, manage, ({ params, body }, request) => service.update(request.tenant, params.id, body));
  endpointRoute(app, fileListsEndpoints.remove, manage, ({ params }, request) => service.remove(request.tenant, params.id));
  // multipart: repeated `files`, each with its option's `id` (and the browser's mediaType and name)
  endpointRoute(app, fileListsEndpoints.upload, manage, async ({ params }, request) =>
    service.upload(
      request.tenant,
      params.id,
      await readUploads(request, { field: 'files', maxBytes: FILE_LIST_FILE_MAX_BYTES, maxFiles: FILE_LIST_FILES_PER_UPLOAD, maxFields: UPLOAD_MAX_FIELDS }),
    ),
  );
};
