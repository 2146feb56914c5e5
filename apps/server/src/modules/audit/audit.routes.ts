import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXPORT_FILE_NAME, allAuditFilterQuery, auditEndpoints, auditFilterQuery } from '@atende/shared/audit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { XLSX_CONTENT_TYPE } from '../../platform/spreadsheet-export.ts';
import { reportLanguageOf } from '../reports/report-words.ts';
import type { AuditReadFilter } from './audit.repo.ts';
import type { AuditService } from './audit.service.ts';

// Issue 38 point 6: a company's admins read its log, the super admin every company's. Only GET
// routes: nobody edits or deletes an entry through the product. No API key reaches them (their
// segments have no key scope).
const admin = { access: 'tenant', permission: 'audit:view' } as const;
const superAdmin = { access: 'super' } as const;

export const auditRoutes = (service: AuditService): FastifyPluginAsyncZod => async (app) => {
  endpointRoute(app, auditEndpoints.list, admin, ({ query: { before, ...filter } }, request) => service.page({ ...filter, companyId: request.tenant.companyId }, before));
  endpointRoute(app, auditEndpoints.listAll, superAdmin, ({ query: { before, ...filter } }) => service.page(filter, before));

  // The spreadsheet for the filters, streamed as it is written (newest first, bounded).
  const sendExport = (request: FastifyRequest, reply: FastifyReply, filter: AuditReadFilter) => {
    const body = new PassThrough();
    service.exportTo(filter, body, reportLanguageOf(request.headers['accept-language'])).catch((error: unknown) => {
      request.log.error({ err: error }, 'audit log export failed');
      body.destroy(error instanceof Error ? error : new Error('audit log export failed'));
    });
    return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${AUDIT_EXPORT_FILE_NAME}"`).send(body);
  };
  app.get(
    '/audit-log/export',
    { config: admin, schema: { querystring: auditFilterQuery, operationId: 'exportAuditLog', summary: "The company's audit log for its filters as an xlsx file, streamed" } },
    (request, reply) => sendExport(request, reply, { ...request.query, companyId: request.tenant.companyId }),
  );
  app.get(
    '/all-audit-log/export',
    { config: superAdmin, schema: { querystring: allAuditFilterQuery, operationId: 'exportAllAuditLog', summary: "Every company's audit log for its filters as an xlsx file, streamed (super admin)" } },
    (request, reply) => sendExport(request, reply, request.query),
  );
};
