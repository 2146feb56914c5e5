// Spreadsheets downloaded (the tickets report's export, the audit log's): one sheet written with
// exceljs's streaming writer batch by batch, so an export of any size never sits in memory whole.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// exceljs hands the rows to its zip writer, which writes to `stream` on later turns of the loop
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// Resolves once the download has taken what was written (at once when nothing is waiting), so a
// slow download holds back the reads instead of the file piling up in memory; fails if it closed.
const drained = (stream: Writable) =>
  new Promise<void>((resolve, reject) => {
    if (stream.destroyed) return reject(new Error('the download closed before the export ended'));
    if (!stream.writableNeedDrain) return resolve();
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('the download closed before the export ended'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });

export type SheetCell = string | number;

export type Sheet = { name: string; header: readonly string[]; batches: AsyncIterable<SheetCell[][]> };

// the sheets in their order, each written whole before the next begins
export const writeWorkbook = async (stream: Writable, ...sheets: Sheet[]) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow([...sheet.header]).commit();
    for await (const batch of sheet.batches) {
      for (const cells of batch) worksheet.addRow(cells).commit();
      await nextTurn();
      await drained(stream);
    }
    worksheet.commit();
  }
  await workbook.commit();
};
