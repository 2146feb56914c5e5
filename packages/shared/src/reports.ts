// The tickets report of 03-saas §2, §3 Report ticket row, §7 GET /ticketreport/reports and its
// spreadsheet export.
import { z } from 'zod';
import type { TicketStatus } from './tickets.ts';
import { booleanText, jsonIdList, jsonStatusList } from './tickets.ts';
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

export type ReportRow = {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string;
  userName: string | null;
  queueName: string | null;
  status: TicketStatus;
  lastMessage: string;
  createdAt: string;
  closedAt: string | null;
  // minutes from the ticket's creation to its close, null while it is not closed
  supportTime: number | null;
  NPS: number | null;
};

export type ReportAnswer = { tickets: ReportRow[]; totalTickets: { total: number } };

// Text longer than `max` is shown as its first `keep` characters plus an ellipsis: the report cuts
// at 20 and keeps 20 (03-saas §2, §9), the attendance panel cuts past 30 and keeps 25 or 27
// (02-operations §2).
export const cutText = (text: string, max: number, keep = max) => (text.length > max ? `${text.slice(0, keep)}...` : text);
