import { reportsEndpoints } from '@atende/shared/reports';
import type { TicketStatus } from '@atende/shared/tickets';
import { apiResponse } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// The report's filters as the screen holds them (03-saas §2 Tickets report).
export type ReportFilter = {
  contactId: number | null;
  whatsappIds: number[];
  statuses: TicketStatus[];
  userIds: number[];
  queueIds: number[];
  dateFrom: string;
  dateTo: string;
  onlyRated: boolean;
};

const list = (ids: readonly (number | string)[]) => (ids.length ? JSON.stringify(ids) : undefined);

// 03-saas §7 GET /ticketreport/reports: JSON lists, 'true'/'false' for onlyRated
const filterParams = (filter: ReportFilter) => ({
  contactId: filter.contactId ?? undefined,
  whatsappId: list(filter.whatsappIds),
  status: list(filter.statuses),
  users: list(filter.userIds),
  queueIds: list(filter.queueIds),
  dateFrom: filter.dateFrom || undefined,
  dateTo: filter.dateTo || undefined,
  onlyRated: filter.onlyRated ? ('true' as const) : ('false' as const),
});

export const reportsApi = {
  page: (filter: ReportFilter, page: number, pageSize: number) =>
    callEndpoint(reportsEndpoints.page, { query: { ...filterParams(filter), page, pageSize } }),
  exportFile: (filter: ReportFilter) => apiResponse('/ticketreport/reports/export', { query: filterParams(filter) }),
};

export const reportsQueryKeys = {
  page: (filter: ReportFilter, page: number, pageSize: number) => ['ticketreport', 'reports', filter, page, pageSize] as const,
};
