// Reading the audit log (issue 38 point 6): a company's admins read their company's entries, the
// super admin every company's. Nothing here writes: entries are recorded by the changes themselves
// (audit.steps.ts) and deleted only by the retention prune.
import type { Writable } from 'node:stream';
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_PAGE_SIZE } from '@atende/shared/audit';
import type { Db } from '../../db/client.ts';
import { writeWorkbook } from '../../platform/spreadsheet-export.ts';
import type { ReportLanguage } from '../reports/report-words.ts';
import { AUDIT_EXPORT_SHEET_NAME, auditExportColumns } from './audit-words.ts';
import * as repo from './audit.repo.ts';
import { auditExportCells, toAuditEntryView } from './audit.view.ts';

// entries per database read while exporting
const EXPORT_BATCH = 1000;

export const createAuditService = ({ db }: { db: Db }) => {
  // Keyset batches, newest first, up to the export's bound.
  async function* batches(filter: repo.AuditReadFilter) {
    let before: number | undefined;
    let remaining = AUDIT_EXPORT_MAX_ROWS;
    while (remaining > 0) {
      const rows = await repo.listAuditEntries(db, filter, { before, limit: Math.min(EXPORT_BATCH, remaining) });
      if (rows.length === 0) return;
      yield rows.map(auditExportCells);
      remaining -= rows.length;
      before = rows.at(-1)?.id;
    }
  }

  return {
    page: async (filter: repo.AuditReadFilter, before: number | undefined) => {
      const rows = await repo.listAuditEntries(db, filter, { before, limit: AUDIT_PAGE_SIZE + 1 });
      const entries = rows.slice(0, AUDIT_PAGE_SIZE);
      return { entries: entries.map(toAuditEntryView), nextBefore: rows.length > AUDIT_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null };
    },

    exportTo: (filter: repo.AuditReadFilter, stream: Writable, language: ReportLanguage) =>
      writeWorkbook(stream, { name: AUDIT_EXPORT_SHEET_NAME, header: auditExportColumns[language], batches: batches(filter) }),
  };
};

export type AuditService = ReturnType<typeof createAuditService>;
