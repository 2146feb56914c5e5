// The report's answer shapes: the JSON row of 03-saas §3 Report ticket row, and the spreadsheet of
// 03-saas §7 (sheet RelatorioDeAtendimentos, 13 columns) written with exceljs's streaming writer,
// so an export of any size goes out batch by batch instead of being held in memory.
import type { Writable } from 'node:stream';
import type { SlaFiguresAnswer } from '@atende/shared/dashboard';
import { EXPORT_SHEET_NAME, EXPORT_SLA_SHEET_NAME, type ReportRow } from '@atende/shared/reports';
import { writeWorkbook, type Sheet, type SheetCell } from '../../platform/spreadsheet-export.ts';
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

// issue 40 point 3: the period's SLA figures in all, by queue and by attendant, one row each
const slaSheet = (sla: SlaFiguresAnswer, words: (typeof reportWords)[ReportLanguage]['sla']): Sheet => {
  const cells = (group: string, name: string | null, figure: SlaFiguresAnswer['total']): SheetCell[] => [
    group,
    name ?? words.none,
    figure.targets,
    figure.metInTime,
    figure.breached,
    figure.hitRate ?? '',
  ];
  const rows = [
    cells(words.total, '', sla.total),
    ...sla.byQueue.map((row) => cells(words.queue, row.queueName, row)),
    ...sla.byUser.map((row) => cells(words.attendant, row.userName, row)),
  ];
  return { name: EXPORT_SLA_SHEET_NAME, header: words.columns, batches: (async function* () { yield rows; })() };
};

// Headers and statuses in the asking user's language; numbers stay numeric cells, which the
// spreadsheet program shows with its reader's decimal sign. The SLA sheet follows when the period
// had SLA targets.
export const writeReportWorkbook = (batches: AsyncIterable<ReportRowData[]>, stream: Writable, language: ReportLanguage, sla: SlaFiguresAnswer) => {
  const words = reportWords[language];
  const cells = async function* () {
    for await (const batch of batches) yield batch.map((row) => exportCells(row, words.statuses));
  };
  const tickets = { name: EXPORT_SHEET_NAME, header: words.columns, batches: cells() };
  return sla.total.targets > 0 ? writeWorkbook(stream, tickets, slaSheet(sla, words.sla)) : writeWorkbook(stream, tickets);
};
