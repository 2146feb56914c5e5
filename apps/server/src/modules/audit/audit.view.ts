// An entry as the list answers it and as a row of the export.
import type { AuditEntryView } from '@atende/shared/audit';
import type { SheetCell } from '../../platform/spreadsheet-export.ts';
import type { AuditEntryRow } from './audit.repo.ts';

export const toAuditEntryView = (row: AuditEntryRow): AuditEntryView => ({ ...row, createdAt: row.createdAt.toISOString() });

const json = (values: Record<string, unknown> | null) => (values ? JSON.stringify(values) : '');

export const auditExportCells = (row: AuditEntryRow): SheetCell[] => [
  row.createdAt.toISOString(),
  row.companyName ?? (row.companyId === null ? '' : String(row.companyId)),
  row.actorLabel,
  row.ip ?? '',
  row.userAgent ?? '',
  row.action,
  row.entityType ?? '',
  row.entityId ?? '',
  json(row.before),
  json(row.after),
];
