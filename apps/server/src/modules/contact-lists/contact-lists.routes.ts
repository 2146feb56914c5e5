import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactListBody,
  contactListItemBody,
  contactListItemParams,
  contactListItemsQuery,
  contactListItemUpdateBody,
  contactListParams,
  contactListsQuery,
} from '@atende/shared/contact-lists';
import { SPREADSHEET_MAX_BYTES } from '../../platform/spreadsheet.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { ContactListsService } from './contact-lists.service.ts';

// 02-operations §6: profile user is blocked from contact lists; the area is part of campaigns.
const config = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useCampaigns' } as const;
const deleteItem = { ...config, permission: 'contacts-page:deleteContact' } as const;

// 02-operations §7 Contact lists.
export const contactListsRoutes = (service: ContactListsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/contact-lists', { config, schema: { querystring: contactListsQuery } }, (request) => service.list(request.tenant, request.query));
  app.get('/contact-lists/list', { config }, (request) => service.all(request.tenant));
  app.get('/contact-lists/:contactListId', { config, schema: { params: contactListParams } }, (request) =>
    service.show(request.tenant, request.params.contactListId),
  );
  app.post('/contact-lists', { config, schema: { body: contactListBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );
  app.put('/contact-lists/:contactListId', { config, schema: { params: contactListParams, body: contactListBody } }, (request) =>
    service.update(request.tenant, request.params.contactListId, request.body),
  );
  app.delete('/contact-lists/:contactListId', { config, schema: { params: contactListParams } }, async (request, reply) => {
    await service.remove(request.tenant, request.params.contactListId);
    return reply.status(204).send();
  });

  app.post('/contact-lists/:contactListId/upload', { config, schema: { params: contactListParams } }, async (request) => {
    const upload = await readSingleUpload(request, { field: 'file', maxBytes: SPREADSHEET_MAX_BYTES });
    return service.upload(request.tenant, request.params.contactListId, upload);
  });

  app.get('/contact-list-items', { config, schema: { querystring: contactListItemsQuery } }, (request) => service.items(request.tenant, request.query));
  app.get('/contact-list-items/:itemId', { config, schema: { params: contactListItemParams } }, (request) =>
    service.showItem(request.tenant, request.params.itemId),
  );
  app.post('/contact-list-items', { config, schema: { body: contactListItemBody } }, async (request, reply) =>
    reply.status(201).send(await service.createItem(request.tenant, request.body)),
  );
  app.put('/contact-list-items/:itemId', { config, schema: { params: contactListItemParams, body: contactListItemUpdateBody } }, (request) =>
    service.updateItem(request.tenant, request.params.itemId, request.body),
  );
  app.delete('/contact-list-items/:itemId', { config: deleteItem, schema: { params: contactListItemParams } }, async (request, reply) => {
    await service.removeItem(request.tenant, request.params.itemId);
    return reply.status(204).send();
  });
};
