import type { Browser } from 'playwright-core';
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

describe('contact lists screens (02-operations §2 /contact-lists, §5 Contact list and item)', () => {
  it('creates a list, adds an entry after refusing a bad one, and the count follows', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/contact-lists`);
    await page.getByTestId('contact-lists-table').waitFor();
    await page.getByTestId('contact-lists-add').click();
    await page.getByTestId('contact-list-name').fill('A');
    await page.getByTestId('contact-list-save').click();
    await page.getByTestId('contact-list-dialog').getByText('Muito curto!').waitFor();
    await page.getByTestId('contact-list-name').fill('Clientes E2E');
    await page.getByTestId('contact-list-save').click();
    await page.getByTestId('contact-list-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('contact-lists-row').filter({ hasText: 'Clientes E2E' });
    await row.waitFor();

    await row.getByTestId('contact-lists-items').click();
    await page.getByTestId('contact-list-title').filter({ hasText: 'Clientes E2E' }).waitFor();
    await page.getByTestId('contact-list-items-add').click();
    await page.getByTestId('contact-list-item-name').fill('Rita Moura');
    await page.getByTestId('contact-list-item-number').fill('1234');
    await page.getByTestId('contact-list-item-email').fill('rita@');
    await page.getByTestId('contact-list-item-save').click();
    await page.getByTestId('contact-list-item-dialog').getByText('Muito curto!').waitFor();
    await page.getByTestId('contact-list-item-dialog').getByText('Email inválido').waitFor();
    await page.getByTestId('contact-list-item-number').fill('+55 11 95555-1234');
    await page.getByTestId('contact-list-item-email').fill('rita@example.test');
    await page.getByTestId('contact-list-item-save').click();
    await page.getByTestId('contact-list-item-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('contact-list-items-row').filter({ hasText: '5511955551234' }).waitFor();

    // a spreadsheet: imported by the server while the progress shows; the bad row is named by its line
    const csv = 'nome;numero;email\nSergio Prado;5511944442222;sergio@example.test\nSem numero;12;\nRita Moura;5511955551234;rita@example.test\n';
    await page.getByTestId('contact-list-import-file').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('toast-warning').filter({ hasText: 'Importação realizada com sucesso, mas houve alguns erros' }).first().waitFor();
    await page.getByTestId('contact-list-import-status').getByText('Linha 3').waitFor();
    await page.getByTestId('contact-list-items-row').filter({ hasText: 'Sergio Prado' }).waitFor();
    await expect.poll(() => page.getByTestId('contact-list-items-row').count()).toBe(2);

    await page.getByTestId('contact-list-back').click();
    await page.getByTestId('contact-lists-row').filter({ hasText: 'Clientes E2E' }).locator('td', { hasText: /^2$/ }).waitFor();
  });
});
