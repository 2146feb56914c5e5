// Tags as the API answers them: their ticket and contact counts (and a tag's contacts) read for the
// whole page, then tags.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import { contactsOfTag, linkCounts, type TagRow } from './tags.repo.ts';
import { toTagDetailView, toTagRecordViews } from './tags.view.ts';

export const loadTagRecordViews = async (db: DbOrTx, companyId: number, rows: TagRow[]) =>
  toTagRecordViews(rows, await linkCounts(db, companyId, rows.map((row) => row.id)));

export const loadTagDetailView = async (db: DbOrTx, companyId: number, row: TagRow) => {
  const [counts, contacts] = await Promise.all([linkCounts(db, companyId, [row.id]), contactsOfTag(db, companyId, row.id)]);
  return toTagDetailView(row, counts, contacts);
};
