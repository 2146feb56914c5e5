// The knowledge screen in a real browser (issue 42 point 1): an admin of a plan with the AI flag
// writes an article, edits it, finds its passage with "try a question", takes in a quick message
// and a file list's PDF and reads the intake's report, again after a reload, and deletes the
// article. The server is the production bundle, so the PDF is read by the bundled reader process.
import { jsPDF } from 'jspdf';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn, type Api } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let admin: Api;
let page: Page;

const pdfOf = (text: string) => {
  const doc = new jsPDF();
  doc.text(text, 10, 10);
  return new Uint8Array(doc.output('arraybuffer'));
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.call('POST', '/quick-messages', { shortcode: 'frete', message: 'Frete grátis acima de cem reais.', geral: true });
  const list = await admin.call<{ id: number; options: { id: number }[] }>('POST', '/files', { name: 'Manuais', message: 'Segue o manual.', options: [{ name: 'Manual' }] });
  const form = new FormData();
  form.append('files', new Blob([pdfOf('Assistencia tecnica somente em Recife.')]), 'manual.pdf');
  form.append('id', String(list.options[0].id));
  const uploaded = await fetch(`${server.url}/files/uploadList/${list.id}`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
  expect(uploaded.status).toBe(200);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (title: string) => page.getByTestId('knowledge-row').filter({ hasText: title });

describe('knowledge screen (issue 42 point 1)', () => {
  it('creates and edits an article, finds its passage, takes in a quick message and a PDF with a report that outlives a reload, and deletes the article', async () => {
    // a title of this attempt's own: a second attempt runs on the same server
    const title = `Garantia ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto(`${server.url}/knowledge`);
    await page.getByTestId('knowledge-add').click();
    await page.getByTestId('knowledge-title').fill(title);
    await page.getByTestId('knowledge-body').fill('A garantia do aparelho dura seis meses.');
    await page.getByTestId('knowledge-submit').click();
    await row(title).filter({ hasText: 'seis meses' }).waitFor();

    await row(title).getByTestId('knowledge-edit').click();
    const body = page.getByTestId('knowledge-body');
    await expect.poll(() => body.inputValue()).toBe('A garantia do aparelho dura seis meses.');
    await body.fill('A garantia do aparelho dura um ano inteiro.');
    await page.getByTestId('knowledge-submit').click();
    await row(title).filter({ hasText: 'um ano inteiro' }).waitFor();

    await page.getByTestId('knowledge-try-open').click();
    await page.getByTestId('knowledge-try-question').fill('quanto tempo dura a garantia?');
    await page.getByTestId('knowledge-try-submit').click();
    await expect.poll(() => page.getByTestId('knowledge-try-passages').textContent()).toContain('A garantia do aparelho dura um ano inteiro.');
    await page.getByTestId('knowledge-try-close').click();
    await page.getByTestId('knowledge-try').waitFor({ state: 'hidden' });

    await page.getByTestId('knowledge-intake').click();
    const report = page.getByTestId('knowledge-intake-report');
    await expect.poll(() => report.textContent(), { timeout: 60_000 }).toContain('1 respostas rápidas, 1 documentos; 0 removidos');
    await row('frete').waitFor();
    await row('Manual').filter({ hasText: 'Assistencia tecnica somente em Recife' }).waitFor();

    // the report is the server's, not only the socket's: a reload shows it
    await page.reload();
    await expect.poll(() => report.textContent()).toContain('1 respostas rápidas, 1 documentos; 0 removidos');
    expect(await report.textContent()).toContain('Última importação');

    await row(title).getByTestId('knowledge-delete').click();
    await page.getByTestId('confirm-ok').click();
    await row(title).waitFor({ state: 'detached' });
    await row('Manual').waitFor();
  });
});
