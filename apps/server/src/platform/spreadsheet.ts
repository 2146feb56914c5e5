// Spreadsheets uploaded for imports (02-operations §7 POST /contact-lists/{id}/upload, 01-core §2
// /contacts/import): typed by content, then read row by row from disk, so a sheet of tens of
// thousands of rows never sits in memory whole.
import { createReadStream } from 'node:fs';
import { parse } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import { AppError } from './errors.ts';
import { containsAll, detectFileType, readRange, type MediaInput } from './media-input.ts';
import { UnreadableZip, workbookInReadingOrder } from './workbook-zip-order.ts';

export type SpreadsheetKind = 'xlsx' | 'csv';

// the largest sheet an import takes (about 300,000 rows of name, number and email as CSV)
export const SPREADSHEET_MAX_BYTES = 20 * 1024 * 1024;

// A workbook whose writer put [Content_Types].xml after its sheets (exceljs's streaming writer does)
// is a plain zip to file-type; the names of its entries, stored as plain bytes, tell it. A zip that
// only names them fails when it is read, as an invalid file.
const isWorkbookZip = (input: MediaInput) => containsAll(input, ['[Content_Types].xml', 'xl/workbook.xml']);

// .xls (the old binary format) has no maintained streaming reader here: refused with its own code.
// An upload is read from disk in pieces (media-input.ts), never whole.
export const spreadsheetKindOf = async (input: MediaInput, fileName: string): Promise<SpreadsheetKind> => {
  const detected = await detectFileType(input);
  if (detected?.ext === 'xlsx' || (detected?.ext === 'zip' && (await isWorkbookZip(input)))) return 'xlsx';
  if (detected?.ext === 'cfb' || fileName.toLowerCase().endsWith('.xls')) throw new AppError('ERR_XLS_NOT_SUPPORTED', 400);
  const text = (await readRange(input, 0, 64 * 1024)).toString('utf8');
  // text that opens with markup is a page or an image renamed, never a sheet of contacts
  const markup = /^\s*</.test(text);
  if (!detected && fileName.toLowerCase().endsWith('.csv') && !markup && !text.includes('\uFFFD') && !text.includes('\u0000')) return 'csv';
  throw new AppError('ERR_INVALID_FILE', 400);
};

type RichText = { richText: { text: string }[] };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

// What a cell shows: a formula's result, rich text's text, a hyperlink's text, a date as ISO.
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (isObject(value)) {
    if ('result' in value) return cellText(value.result);
    if ('richText' in value) return (value as RichText).richText.map((part) => part.text).join('');
    if ('text' in value) return cellText(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
};

export type SheetRow = { line: number; cells: string[] };

// A shared string the reader could not resolve: the sheet must fail, never read as empty cells.
const isUnresolvedSharedString = (value: unknown) => isObject(value) && 'sharedString' in value;

const xlsxRows = async function* (path: string): AsyncGenerator<SheetRow> {
  const ordered = await workbookInReadingOrder(path);
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(ordered.path, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
    // the first sheet only
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const values: unknown[] = Array.isArray(row.values) ? row.values.slice(1) : [];
        if (values.some(isUnresolvedSharedString)) throw new UnreadableZip('shared strings not found');
        yield { line: row.number, cells: values.map(cellText) };
      }
      return;
    }
  } finally {
    await ordered.dispose();
  }
};

const csvRows = async function* (path: string): AsyncGenerator<SheetRow> {
  // ',' or ';' (spreadsheets saved in Portuguese use ';'), told by the first line
  const head = await new Promise<string>((resolve, reject) => {
    let text = '';
    const stream = createReadStream(path, { encoding: 'utf8', start: 0, end: 4095 });
    stream.on('data', (chunk) => (text += chunk));
    stream.on('end', () => resolve(text.split(/\r?\n/)[0] ?? ''));
    stream.on('error', reject);
  });
  const delimiter = (head.match(/;/g)?.length ?? 0) > (head.match(/,/g)?.length ?? 0) ? ';' : ',';
  let line = 0;
  for await (const record of createReadStream(path).pipe(parse({ delimiter, ignoreEmpty: false, trim: true, strictColumnHandling: false }))) {
    line++;
    yield { line, cells: (record as string[]).map((cell) => cell.trim()) };
  }
};

export const spreadsheetRows = (path: string, kind: SpreadsheetKind) => (kind === 'xlsx' ? xlsxRows(path) : csvRows(path));
