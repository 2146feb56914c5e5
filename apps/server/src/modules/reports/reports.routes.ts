import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_FILE_NAME, reportFilterQuery, reportsEndpoints } from '@atende/shared/reports';
import { reportLanguageOf } from './report-words.ts';
import type { createReportsService } from './reports.service.ts';

// 03-saas §7 GET /ticketreport/reports and the export of 03-saas §2: admins, and users whose
// showDashboard is enabled (03-saas §6).
// Plain routes: a large report is streamed as it is read (the page's path and schemas come from its
// contract, reportsEndpoints.page), and the export is a spreadsheet file.
export const reportsRoutes = (service: ReturnType<typeof createReportsService>): FastifyPluginAsyncZod => async (app) => {
  const config = { access: 'tenant', permission: 'reports:view' } as const;

  app.get(
    reportsEndpoints.page.path,
    { config, schema: { querystring: reportsEndpoints.page.query, operationId: reportsEndpoints.page.operationId, summary: reportsEndpoints.page.summary } },
    async (request, reply) => {
      const result = await service.report(request.tenant, request.query);
      if ('answer' in result) return result.answer;
      return reply.type('application/json; charset=utf-8').send(result.stream);
    },
  );

  // The spreadsheet for the report's filters, streamed as it is written; X-Total-Count lets the
  // web show progress.
  app.get(
    '/ticketreport/reports/export',
    { config, schema: { querystring: reportFilterQuery, operationId: 'exportTicketReport', summary: 'The tickets report for its filters as an xlsx file, streamed; X-Total-Count gives its rows' } },
    async (request, reply) => {
      const total = await service.count(request.tenant, request.query);
      const body = new PassThrough();
      service.exportTo(request.tenant, request.query, body, reportLanguageOf(request.headers['accept-language'])).catch((error: unknown) => {
        request.log.error({ err: error }, 'report export failed');
        body.destroy(error instanceof Error ? error : new Error('report export failed'));
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
        .header('x-total-count', String(total))
        .send(body);
    },
  );
};
