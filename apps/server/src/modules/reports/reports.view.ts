// The report's answer shapes: the JSON row of 03-saas §3 Report ticket row, and the spreadsheet of
// 03-saas §7 (sheet RelatorioDeAtendimentos, 13 columns) written with exceljs's streaming writer,
// so an export of any size goes out batch by batch instead of being held in memory.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXPORT_SHEET_NAME, type ReportRow } from '@atende/shared/reports';
import { reportWords, type ReportLanguage } from './report-words.ts';
import type { ReportRowData } from './reports.repo.ts';

export const toReportRow = (row: ReportRowData): ReportRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

// Dates DD/MM/YYYY (03-saas §9) and times HH:mm, in UTC like the report's filters.
const dateOf = (at: Date | null) => (at ? `${at.toISOString().slice(8, 10)}/${at.toISOString().slice(5, 7)}/${at.toISOString().slice(0, 4)}` : '');
const timeOf = (at: Date | null) => (at ? at.toISOString().slice(11, 16) : '');
const durationOf = (minutes: number | null) => {
  if (minutes === null) return '';
  const whole = Math.round(minutes);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

const exportCells = (row: ReportRowData, statuses: Record<ReportRowData['status'], string>) => [
  row.id,
  row.whatsappName ?? '',
  row.contactName,
  row.userName ?? '',
  row.queueName ?? '',
  statuses[row.status] ?? row.status,
  row.lastMessage,
  dateOf(row.createdAt),
  timeOf(row.createdAt),
  dateOf(row.closedAt),
  timeOf(row.closedAt),
  durationOf(row.supportTime),
  row.NPS ?? '',
];

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

// exceljs hands the rows to its zip writer, which writes to `stream` on later turns of the loop
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// Headers and statuses in the asking user's language; numbers stay numeric cells, which the
// spreadsheet program shows with its reader's decimal sign.
export const writeReportWorkbook = async (batches: AsyncIterable<ReportRowData[]>, stream: Writable, language: ReportLanguage) => {
  const words = reportWords[language];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME);
  sheet.addRow([...words.columns]).commit();
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(exportCells(row, words.statuses)).commit();
    await nextTurn();
    await drained(stream);
  }
  sheet.commit();
  await workbook.commit();
};
