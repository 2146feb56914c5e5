// Where an import's rows come from, each read a piece at a time: a stored spreadsheet row by row
// from disk, or a contact list page by page. Both count their rows first, for the progress bar.
import type { ImportColumn } from '@atende/shared/contact-imports';
import type { Db } from '../../db/client.ts';
import { spreadsheetRows, type SheetRow, type SpreadsheetKind } from '../../platform/spreadsheet.ts';
import { contactListItemsAfter, findContactList } from '../contact-lists/contact-lists.repo.ts';
import { contactOutcome, rowOutcome, type ContactOutcome } from './contact-import.rules.ts';

export type ImportRow = { line: number; outcome: ContactOutcome };
export type ImportSource = { count: () => Promise<number>; rows: () => AsyncGenerator<ImportRow> };

const isEmptyRow = (row: SheetRow) => row.cells.every((cell) => !cell.trim());

// The sheet's rows with something in them, the header (the first such row) left out when there is one.
export const dataRows = async function* (path: string, kind: SpreadsheetKind, hasHeader: boolean): AsyncGenerator<SheetRow> {
  let headerLeft = hasHeader;
  for await (const row of spreadsheetRows(path, kind)) {
    if (isEmptyRow(row)) continue;
    if (headerLeft) {
      headerLeft = false;
      continue;
    }
    yield row;
  }
};

export const spreadsheetSource = (path: string, options: { kind: SpreadsheetKind; hasHeader: boolean; columns: ImportColumn[]; countryCode: string }): ImportSource => ({
  count: async () => {
    const rows = dataRows(path, options.kind, options.hasHeader);
    let total = 0;
    while (!(await rows.next()).done) total++;
    return total;
  },
  rows: async function* () {
    for await (const { line, cells } of dataRows(path, options.kind, options.hasHeader)) {
      const outcome = rowOutcome(cells, options.columns, options.countryCode);
      if (!('skip' in outcome)) yield { line, outcome };
    }
  },
});

const LIST_PAGE = 500;

// An entry's line is its position in the list.
export const contactListSource = (db: Db, companyId: number, contactListId: number): ImportSource => ({
  count: async () => (await findContactList(db, companyId, contactListId))?.contactsCount ?? 0,
  rows: async function* () {
    let afterId = 0;
    let line = 0;
    for (;;) {
      const page = await contactListItemsAfter(db, companyId, contactListId, afterId, LIST_PAGE);
      for (const item of page) {
        line++;
        yield { line, outcome: contactOutcome({ name: item.name, number: item.number, email: item.email }, '') };
      }
      if (page.length < LIST_PAGE) return;
      afterId = page[page.length - 1].id;
    }
  },
});
