// The tickets report of 03-saas §2, §3 Report ticket row, §7 GET /ticketreport/reports and its
// spreadsheet export.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { booleanText, jsonIdList, jsonStatusList, ticketStatuses } from './tickets.ts';
import { isoDatePrefix } from './validation.ts';

// 03-saas §9
export const REPORT_PAGE_SIZES = [5, 10, 15, 30] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;
export const REPORT_EXPORT_PAGE_SIZE = 9_999_999;
export const REPORT_TEXT_CUT = 20;
// the queue filter's 'without queue' pseudo-option (02-operations §3 Company-level selectors)
export const WITHOUT_QUEUE = 0;

export const EXPORT_FILE_NAME = 'relatorio-de-atendimentos.xlsx';
export const EXPORT_SHEET_NAME = 'RelatorioDeAtendimentos';
// issue 40 point 3: the export's second sheet, when the period had SLA targets
export const EXPORT_SLA_SHEET_NAME = 'SLA';

const day = isoDatePrefix.transform((text) => text.slice(0, 10));

export const reportFilterQuery = z.strictObject({
  searchParam: z.string().max(200).default(''),
  contactId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  whatsappId: jsonIdList.optional(),
  users: jsonIdList.optional(),
  queueIds: jsonIdList.optional(),
  status: jsonStatusList.optional(),
  dateFrom: day.optional(),
  dateTo: day.optional(),
  onlyRated: booleanText.default(false),
});
export type ReportFilterQuery = z.infer<typeof reportFilterQuery>;

export const reportQuery = reportFilterQuery.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REPORT_EXPORT_PAGE_SIZE).default(REPORT_DEFAULT_PAGE_SIZE),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportRow = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    whatsappName: z.string().nullable(),
    contactName: z.string(),
    userName: z.string().nullable(),
    queueName: z.string().nullable(),
    status: z.enum(ticketStatuses),
    lastMessage: z.string(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
    // minutes from the ticket's creation to its close, null while it is not closed
    supportTime: z.number().nullable(),
    NPS: z.number().nullable(),
  })
  .meta({ id: 'ReportRow' });
export type ReportRow = z.infer<typeof reportRow>;

export const reportAnswer = z.object({ tickets: z.array(reportRow), totalTickets: z.object({ total: z.number().int() }) }).meta({ id: 'ReportPage' });
export type ReportAnswer = z.infer<typeof reportAnswer>;

// 03-saas §7 GET /ticketreport/reports. The server registers it as a plain route from this
// contract: a large page is streamed as it is read, past the serializer.
export const reportsEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/ticketreport/reports',
    query: reportQuery,
    response: reportAnswer,
    operationId: 'showTicketReport',
    summary: 'A page of the tickets report for its filters (03-saas §2 /reports)',
  }),
};

// Text longer than `max` is shown as its first `keep` characters plus an ellipsis: the report cuts
// at 20 and keeps 20 (03-saas §2, §9), the attendance panel cuts past 30 and keeps 25 or 27
// (02-operations §2).
export const cutText = (text: string, max: number, keep = max) => (text.length > max ? `${text.slice(0, keep)}...` : text);
