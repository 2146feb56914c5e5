// A 50,000-row contact import (issue 17 point 4): a sheet uploaded to the wizard's calls and
// imported by the job runner, on a fresh database of its own (never the shared `bench` one). Prints
// the time from the upload to the finished report, rows per second, and the server process's
// resident memory growth sampled every 100 ms from /proc, for a CSV and an xlsx sheet, on PostgreSQL
// and on PGlite. The sheet is read from disk row by row, so the growth should not follow its size.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { call, freshDatabase, heading, line, login, sampleResidentPeak, startServer, SUPER_EMAIL } from './lib/common.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const DATABASES = (process.env.BENCH_IMPORT_DATABASES ?? 'postgres,pglite').split(',');

// name, number (one in 20 repeats an earlier one, one in 100 is too short), email, tags, city
const sheetRows = function* () {
  yield ['Nome', 'Telefone', 'E-mail', 'Etiquetas', 'Cidade'];
  for (let i = 0; i < ROWS; i++) {
    const n = i % 20 === 19 ? i - 7 : i;
    const number = i % 100 === 50 ? '1234' : `(11) 9${String(n).padStart(7, '0').slice(0, 4)}-${String(n).padStart(7, '0').slice(4)}0`;
    yield [`Contato ${i}`, number, `c${i}@example.test`, i % 3 === 0 ? 'vip, bench' : 'bench', `Cidade ${i % 50}`];
  }
};

const writeSheets = async (dir: string) => {
  const csv = join(dir, 'contatos.csv');
  writeFileSync(csv, [...sheetRows()].map((row) => row.join(';')).join('\n'));
  const xlsx = join(dir, 'contatos.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Contatos');
  for (const row of sheetRows()) sheet.addRow(row).commit();
  await workbook.commit();
  return [csv, xlsx];
};

type Report = { status: string; processed: number; imported: number; failed: number; total: number };

const importRun = async (url: string, pid: number, token: string, path: string) => {
  const memory = sampleResidentPeak(pid);
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(readFileSync(path))]), path.split('/').at(-1));
  const uploaded = await fetch(`${url}/contacts/import/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const preview = (await uploaded.json()) as { file: string };
  const previewSeconds = (performance.now() - started) / 1000;
  const columns = ['name', 'number', 'email', 'tags', 'extraInfo'].map((field) => ({ field, extraInfoName: field === 'extraInfo' ? 'Cidade' : '' }));
  const record = await call<{ id: number }>(url, 'POST', '/contacts/import', token, { file: preview.file, hasHeader: true, columns, countryCode: '55' });
  let report: Report;
  for (;;) {
    report = await call<Report>(url, 'GET', `/contacts/import/${record.id}`, token);
    if (report.status === 'done' || report.status === 'failed') break;
    await new Promise((done) => setTimeout(done, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  return { report, seconds, previewSeconds, ...memory.stop() };
};

export const benchImports = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atende-bench-import-'));
  try {
    const sheets = await writeSheets(dir);
    heading(`Contact import of ${ROWS.toLocaleString('en')} rows (issue 17): upload to finished report, server memory growth`);
    line('| database | sheet | size | upload + preview | total | rows/s | imported / refused | RSS before → growth |');
    line('|---|---|---|---|---|---|---|---|');
    for (const database of DATABASES) {
      for (const sheet of sheets) {
        const server = await startServer(database === 'postgres' ? await freshDatabase('bench_imports') : undefined);
        try {
          const { token } = await login(server.url, SUPER_EMAIL);
          const run = await importRun(server.url, server.pid, token, sheet);
          const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
          line(
            `| ${database} | ${sheet.split('.').at(-1)} | ${mb(statSync(sheet).size)} | ${run.previewSeconds.toFixed(1)} s | ${run.seconds.toFixed(1)} s | ${Math.round(run.report.processed / run.seconds)} | ${run.report.imported} / ${run.report.failed} (${run.report.status}) | ${mb(run.before)} → +${mb(run.growth)} |`,
          );
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
