import { contactImportEndpoints } from '@atende/shared/contact-imports';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { SPREADSHEET_MAX_BYTES } from '../../platform/spreadsheet.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import type { ContactImportService } from './contact-import.service.ts';

// Every user may import, as every user may add contacts one by one (01-core §6 names no rule).
const config = { access: 'tenant' } as const;
// a contact list belongs to campaigns (02-operations §6): its plan flag and profile rule hold here too
const fromList = { access: 'tenant', permission: 'drawer-admin-items:view', planFlag: 'useCampaigns' } as const;

// 01-core §2 /contacts/import (routes of our own: the spec names none, docs/decisions.md).
export const contactImportRoutes = (service: ContactImportService): FastifyPluginAsync => async (app) => {
  // multipart: the sheet as `file`
  endpointRoute(app, contactImportEndpoints.upload, config, async (_input, request) =>
    service.upload(request.tenant, await readSingleUpload(request, { field: 'file', maxBytes: SPREADSHEET_MAX_BYTES })),
  );
  endpointRoute(app, contactImportEndpoints.importSheet, config, ({ body }, request) => service.importSheet(request.tenant, body));
  endpointRoute(app, contactImportEndpoints.importContactList, fromList, ({ body }, request) => service.importContactList(request.tenant, body));
  endpointRoute(app, contactImportEndpoints.recent, config, (_input, request) => service.recent(request.tenant));
  endpointRoute(app, contactImportEndpoints.show, config, ({ params }, request) => service.show(request.tenant, params.importId));
};
