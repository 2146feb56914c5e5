import { contactListsEndpoints } from '@atende/shared/contact-lists';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { SPREADSHEET_MAX_BYTES } from '../../platform/spreadsheet.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { ContactListsService } from './contact-lists.service.ts';

// 02-operations §6: profile user is blocked from contact lists; the area is part of campaigns.
const config = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useCampaigns' } as const;
const deleteItem = { ...config, permission: 'contacts-page:deleteContact' } as const;

// 02-operations §7 Contact lists.
export const contactListsRoutes = (service: ContactListsService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, contactListsEndpoints.page, config, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, contactListsEndpoints.all, config, (_input, request) => service.all(request.tenant));
  endpointRoute(app, contactListsEndpoints.show, config, ({ params }, request) => service.show(request.tenant, params.contactListId));
  endpointRoute(app, contactListsEndpoints.create, config, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, contactListsEndpoints.update, config, ({ params, body }, request) => service.update(request.tenant, params.contactListId, body));
  endpointRoute(app, contactListsEndpoints.remove, config, ({ params }, request) => service.remove(request.tenant, params.contactListId));
  // multipart: the sheet as `file`
  endpointRoute(app, contactListsEndpoints.upload, config, async ({ params }, request) =>
    service.upload(request.tenant, params.contactListId, await readSingleUpload(request, { field: 'file', maxBytes: SPREADSHEET_MAX_BYTES })),
  );

  endpointRoute(app, contactListsEndpoints.items, config, ({ query }, request) => service.items(request.tenant, query));
  endpointRoute(app, contactListsEndpoints.showItem, config, ({ params }, request) => service.showItem(request.tenant, params.itemId));
  endpointRoute(app, contactListsEndpoints.createItem, config, ({ body }, request) => service.createItem(request.tenant, body));
  endpointRoute(app, contactListsEndpoints.updateItem, config, ({ params, body }, request) => service.updateItem(request.tenant, params.itemId, body));
  endpointRoute(app, contactListsEndpoints.removeItem, deleteItem, ({ params }, request) => service.removeItem(request.tenant, params.itemId));
};
