// The contact import wizard in a browser (01-core §2 /contacts/import; 02-operations §8 import
// errors; issue 17 point 3): the §8 texts for a bad file and a bad mapping, then a sheet imported
// by the server's job while the progress bar moves, the refused row named by its line.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ROWS = 2_000;

const chooseField = async (page: Page, column: number, field: string) => {
  await page.getByTestId(`contact-import-column-${column}`).locator('[role="combobox"]').click();
  await page.getByRole('option', { name: field, exact: true }).click();
};

// Every value the progress bar takes, recorded in the page as it changes.
const recordProgress = (page: Page) =>
  page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="contact-import-bar"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });

describe('contact import wizard (01-core §2 /contacts/import, 02-operations §8 import errors)', () => {
  it('refuses a renamed file and a mapping without number, name or with a field twice; then imports a sheet with a live progress bar and reports the bad row', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/contacts`);
    await page.getByTestId('contacts-import').click();
    await page.getByTestId('contact-import-page').waitFor();

    await page.getByTestId('contact-import-file').setInputFiles({ name: 'fotos.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('<html>not a sheet</html>') });
    await page.getByTestId('toast-error').filter({ hasText: 'Arquivo inválido!' }).first().waitFor();

    const rows = ['Nome;Telefone;Cidade'];
    for (let i = 0; i < ROWS; i++) rows.push(i === 1 ? 'Sem número;12;Recife' : `Contato ${i};(11) 9${String(i).padStart(4, '0')}-1234;Cidade ${i % 7}`);
    await page.getByTestId('contact-import-file').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await page.getByTestId('contact-import-file-name').filter({ hasText: 'clientes.csv' }).waitFor();
    await page.getByTestId('contact-import-mapping').getByText('Contato 0').waitFor();

    await page.getByTestId('contact-import-start').click();
    await page.getByTestId('toast-error').filter({ hasText: 'Não foi selecionado o campo de número do contato' }).first().waitFor();
    await chooseField(page, 1, 'Número');
    await page.getByTestId('contact-import-start').click();
    await page.getByTestId('toast-error').filter({ hasText: 'Não foi selecionado o campo de nome do contato' }).first().waitFor();
    await chooseField(page, 0, 'Número');
    await page.getByTestId('toast-error').filter({ hasText: 'O campo Número já foi selecionado.' }).first().waitFor();
    await chooseField(page, 0, 'Nome');
    await chooseField(page, 2, 'Informação adicional');
    await page.getByTestId('contact-import-country-code').fill('55');

    await recordProgress(page);
    await page.getByTestId('contact-import-start').click();
    await page.getByTestId('toast-warning').filter({ hasText: 'Importação realizada com sucesso, mas houve alguns erros' }).first().waitFor();
    const progress = page.getByTestId('contact-import-progress');
    expect(await progress.getAttribute('data-status')).toBe('done');
    await progress.getByText(`${ROWS} de ${ROWS} linhas lidas, ${ROWS - 1} contatos gravados, 1 recusadas`).waitFor();
    await progress.getByTestId('contact-import-row-error').filter({ hasText: 'Linha 3: Muito curto!' }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    // the bar moved through the batches before it was full
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(seen.at(-1)).toBe(100);

    await page.goto(`${server.url}/contacts`);
    await page.getByTestId('contacts-page').getByText(`(${ROWS - 1})`).waitFor();
    // a 2,000-row import on a machine other test runs share
  }, 180_000);
});
