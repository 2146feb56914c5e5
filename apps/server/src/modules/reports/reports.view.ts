// The report's answer shapes: the JSON row of 03-saas §3 Report ticket row, and the spreadsheet of
// 03-saas §7 (sheet RelatorioDeAtendimentos, 13 columns) written with exceljs's streaming writer,
// so an export of any size goes out batch by batch instead of being held in memory.
import type { Writable } from 'node:stream';
import { EXPORT_SHEET_NAME, type ReportRow } from '@atende/shared/reports';
import { writeWorkbook } from '../../platform/spreadsheet-export.ts';
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

// Headers and statuses in the asking user's language; numbers stay numeric cells, which the
// spreadsheet program shows with its reader's decimal sign.
export const writeReportWorkbook = (batches: AsyncIterable<ReportRowData[]>, stream: Writable, language: ReportLanguage) => {
  const words = reportWords[language];
  const cells = async function* () {
    for await (const batch of batches) yield batch.map((row) => exportCells(row, words.statuses));
  };
  return writeWorkbook(stream, { name: EXPORT_SHEET_NAME, header: words.columns, batches: cells() });
};
