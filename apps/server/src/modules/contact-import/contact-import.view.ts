import type { ContactImportView } from '@atende/shared/contact-imports';
import type { ContactImportRow } from '../../db/schema.ts';

export const toContactImportView = (row: ContactImportRow): ContactImportView => ({
  id: row.id,
  source: row.source === 'contactList' ? 'contactList' : 'spreadsheet',
  sourceName: row.sourceName,
  status: row.status as ContactImportView['status'],
  total: row.total,
  processed: row.processed,
  imported: row.imported,
  failed: row.failed,
  errors: row.errors,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
