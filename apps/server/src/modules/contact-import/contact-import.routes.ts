import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactImportBody, contactImportParams, contactListImportBody } from '@atende/shared/contact-imports';
import { SPREADSHEET_MAX_BYTES } from '../../platform/spreadsheet.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { ContactImportService } from './contact-import.service.ts';

// Every user may import, as every user may add contacts one by one (01-core §6 names no rule).
const config = { access: 'tenant' } as const;
// a contact list belongs to campaigns (02-operations §6): its plan flag and profile rule hold here too
const fromList = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useCampaigns' } as const;

// 01-core §2 /contacts/import (routes of our own: the spec names none, docs/decisions.md).
export const contactImportRoutes = (service: ContactImportService): FastifyPluginAsyncZod => async (app) => {
  app.post('/contacts/import/upload', { config }, async (request) => {
    const upload = await readSingleUpload(request, { field: 'file', maxBytes: SPREADSHEET_MAX_BYTES });
    return service.upload(request.tenant, upload);
  });
  app.post('/contacts/import', { config, schema: { body: contactImportBody } }, async (request, reply) =>
    reply.status(201).send(await service.importSheet(request.tenant, request.body)),
  );
  app.post('/contacts/import/contact-list', { config: fromList, schema: { body: contactListImportBody } }, async (request, reply) =>
    reply.status(201).send(await service.importContactList(request.tenant, request.body)),
  );
  app.get('/contacts/import', { config }, (request) => service.recent(request.tenant));
  app.get('/contacts/import/:importId', { config, schema: { params: contactImportParams } }, (request) => service.show(request.tenant, request.params.importId));
};
