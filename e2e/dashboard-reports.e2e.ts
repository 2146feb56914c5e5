import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn as signInAt, type Api, type Sandbox } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  sandbox = await createSandbox(admin);
  await sandbox.inbound('5511911112222', 'Cliente Com Um Nome Bem Comprido', 'Preciso de ajuda com o meu pedido');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = (page: Page) => signInAt(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

describe('dashboard, attendance panel and tickets report (01-core §2 Dashboard, 02-operations §2 Attendance panel, 03-saas §2 Tickets report)', () => {
  it('the dashboard shows the month’s counters and charts, and asks for a filter when none is set', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByTestId('counter-tickets-value').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('counter-supportPending-value').textContent()).toBe('1');
    await page.getByTestId('dashboard-attendant').first().waitFor();

    await page.getByTestId('dashboard-tab-charts').click();
    await expect.poll(() => page.getByTestId('chart-days-total').textContent()).toBe('1');
    await page.getByTestId('chart-users').waitFor();

    // 01-core §5: no days chosen -> 'Parametrize o filtro'
    await page.getByTestId('dashboard-filter-kind').locator('[role="combobox"]').click();
    await page.getByRole('option', { name: 'Filtro por período' }).click();
    await page.getByTestId('dashboard-apply').click();
    await page.getByTestId('toast-error').filter({ hasText: 'Parametrize o filtro' }).first().waitFor();
    await page.close();
  });

  it('the panel shows the waiting ticket and follows a new one live', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/moments`);
    const waiting = page.locator('[data-testid="panel-column"][data-column="waiting"]');
    await expect.poll(() => waiting.getByTestId('panel-ticket').count()).toBe(1);
    // 02-operations §2: a name over 30 characters shows 25 plus an ellipsis
    await waiting.getByText('Cliente Com Um Nome Bem C...').waitFor();
    await sandbox.inbound('5511933334444', 'Outra Cliente', 'Oi');
    await expect.poll(() => waiting.getByTestId('panel-ticket').count()).toBe(2);
    await page.close();
  });

  it('the report lists nothing until filtered, filters, cuts long text, opens the logs and exports the spreadsheet', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    await signIn(page);
    await page.goto(`${server.url}/reports`);
    await page.getByText('Aplique um filtro para gerar o relatório').waitFor();
    await page.getByTestId('report-apply').click();
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(2);
    await expect.poll(() => page.getByTestId('report-row-contact').allTextContents()).toContain('Cliente Com Um Nome ...');

    await page.getByTestId('report-row-logs').first().click();
    await page.getByTestId('log-dialog').getByTestId('log-entry').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('log-dialog').waitFor({ state: 'detached' });

    // only closed tickets: none yet
    await page.getByTestId('report-statuses').locator('[role="combobox"]').click();
    await page.getByTestId('report-statuses-option').filter({ hasText: 'Finalizado' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('report-apply').click();
    await page.getByText('Aplique um filtro para gerar o relatório').waitFor();

    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    expect((await download).suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx');
    await page.close();
  });
});
