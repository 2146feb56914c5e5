// The tickets report (03-saas §2, §7 GET /ticketreport/reports) and its export. A page of the
// screen is one query; a big page (the family's export asks pageSize 9999999) and the
// spreadsheet are read in keyset batches and streamed, so memory stays flat whatever the size.
import { Readable, type Writable } from 'node:stream';
import type { ReportFilterQuery, ReportQuery } from '@atende/shared/reports';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { addDays, type SlaFiguresAnswer } from '@atende/shared/dashboard';
import * as repo from './reports.repo.ts';
import type { ReportLanguage } from './report-words.ts';
import { toReportRow, writeReportWorkbook } from './reports.view.ts';

// rows per database read when streaming (a big page or the spreadsheet); bigger reads were not
// faster on the large tenant and let the server's memory grow more between collections
export const REPORT_BATCH = 1000;

// a period without its end ends here
const NO_END = new Date('9999-12-31T00:00:00Z');

// The SLA figures of a period (issue 40 point 3), given by app.ts: modules/sla reaches this module
// through the webhooks and the audit log, so it may not be imported here.
export type SlaFiguresOf = (companyId: number, period: { from: Date; to: Date }) => Promise<SlaFiguresAnswer>;

export const createReportsService = ({ db, slaFiguresOf }: { db: Db; slaFiguresOf: SlaFiguresOf }) => {
  // Keyset batches in the report's order; the next batch is read while the caller writes this one.
  async function* batches(tenant: TenantContext, filter: ReportFilterQuery, window: { offset: number; limit: number }) {
    const read = (size: number, after?: repo.ReportCursor) => {
      const rows = repo.reportRows(db, tenant.companyId, filter, after ? { limit: size, after } : { limit: size, offset: window.offset });
      // a reader that stops early (the download was cancelled) leaves the read ahead unawaited
      rows.catch(() => undefined);
      return rows;
    };
    let remaining = window.limit;
    let size = Math.min(REPORT_BATCH, remaining);
    let next = read(size);
    while (remaining > 0) {
      const rows = await next;
      remaining -= rows.length;
      const last = rows.at(-1);
      const more = rows.length === size && remaining > 0 && last !== undefined;
      if (more) {
        size = Math.min(REPORT_BATCH, remaining);
        next = read(size, { createdAt: last.createdAt, id: last.id });
      }
      if (rows.length > 0) yield rows;
      if (!more) return;
    }
  }

  // The JSON answer `{ tickets, totalTickets: { total } }`, written as it is read.
  async function* jsonChunks(tenant: TenantContext, query: ReportQuery, total: number) {
    yield '{"tickets":[';
    let first = true;
    for await (const rows of batches(tenant, query, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize })) {
      const text = rows.map((row) => JSON.stringify(toReportRow(row))).join(',');
      yield first ? text : `,${text}`;
      first = false;
    }
    yield `],"totalTickets":${JSON.stringify({ total })}}`;
  }

  return {
    // A screen's page is a plain answer; a page bigger than a batch is a stream of the same JSON.
    report: async (tenant: TenantContext, query: ReportQuery) => {
      const total = await repo.countReportRows(db, tenant.companyId, query);
      if (query.pageSize > REPORT_BATCH) return { stream: Readable.from(jsonChunks(tenant, query, total)) };
      const rows = await repo.reportRows(db, tenant.companyId, query, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      return { answer: { tickets: rows.map(toReportRow), totalTickets: { total } } };
    },

    count: (tenant: TenantContext, filter: ReportFilterQuery) => repo.countReportRows(db, tenant.companyId, filter),

    // the SLA sheet covers the report's days (targets started then); an open end is unbounded
    exportTo: async (tenant: TenantContext, filter: ReportFilterQuery, stream: Writable, language: ReportLanguage) => {
      const period = {
        from: filter.dateFrom ? new Date(`${filter.dateFrom}T00:00:00Z`) : new Date(0),
        to: filter.dateTo ? new Date(`${addDays(filter.dateTo, 1)}T00:00:00Z`) : NO_END,
      };
      const sla = await slaFiguresOf(tenant.companyId, period);
      return writeReportWorkbook(batches(tenant, filter, { offset: 0, limit: Number.MAX_SAFE_INTEGER }), stream, language, sla);
    },
  };
};
