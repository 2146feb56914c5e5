import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn } from './helpers/attendance.ts';
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

describe('campaign screens (02-operations §2 /campaigns, /campaigns-config, /campaign/{campaignId}/report; §4 Campaign status)', () => {
  it('saves the settings, creates a campaign in the dialog, and the report follows its sending live to FINALIZADA', async () => {
    const admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const sandbox = await createSandbox(admin, 'Sandbox campanhas');
    const list = await admin.call<{ id: number }>('POST', '/contact-lists', { name: 'Clientes campanha' });
    for (const [name, number] of [
      ['Ana Campos', '5511933330001'],
      ['Bruno Reis', '5511933330002'],
    ]) {
      await admin.call('POST', '/contact-list-items', { contactListId: list.id, name, number });
    }

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/campaigns`);
    await page.getByTestId('campaigns-table').waitFor();

    // settings: every hour of every day, no pause, so the campaign goes whenever the test runs
    await page.getByTestId('campaigns-settings').click();
    await page.getByTestId('campaign-settings-form').waitFor();
    await page.getByTestId('campaign-settings-messageInterval').click();
    await page.getByRole('option', { name: 'Nenhum' }).click();
    await page.getByTestId('campaign-settings-longerIntervalAfter').click();
    await page.getByRole('option', { name: 'Nenhum' }).click();
    await page.getByTestId('campaign-settings-startHour').fill('00:00');
    await page.getByTestId('campaign-settings-endHour').fill('23:59');
    await page.getByLabel('Enviar aos sábados').check();
    await page.getByLabel('Enviar aos domingos').check();
    await page.getByTestId('campaign-settings-save').click();
    await page.getByText('Configurações salvas').waitFor();
    const saved = await admin.call<{ key: string; value: string }[]>('GET', '/campaign-settings');
    expect(Object.fromEntries(saved.map((entry) => [entry.key, entry.value]))).toMatchObject({ messageInterval: '0', startHour: '00:00', endHour: '23:59', sabado: 'true', domingo: 'true' });

    // the dialog refuses a short name, then saves an inactive campaign
    await page.goto(`${server.url}/campaigns`);
    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-name').fill('A');
    await page.getByTestId('campaign-save').click();
    await page.getByTestId('campaign-dialog').getByText('Muito curto!').waitFor();
    await page.getByTestId('campaign-name').fill('Oferta E2E');
    await page.getByTestId('campaign-whatsappId').click();
    await page.getByRole('option', { name: 'Sandbox campanhas' }).click();
    await page.getByTestId('campaign-contactListId').click();
    await page.getByRole('option', { name: 'Clientes campanha' }).click();
    await page.getByTestId('campaign-message1').fill('Olá {{firstName}}, temos uma oferta');
    await page.getByTestId('campaign-save').click();
    await page.getByTestId('campaign-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('campaigns-row').filter({ hasText: 'Oferta E2E' });
    await row.getByTestId('campaigns-status').filter({ hasText: 'Inativa' }).waitFor();

    // the report: zero so far, then live counts as the campaign is scheduled to start now
    await row.getByTestId('campaigns-report').click();
    await page.getByTestId('campaign-report').waitFor();
    await page.getByTestId('campaign-report-contacts').filter({ hasText: /^0$/ }).waitFor();
    const [campaign] = (await admin.call<{ records: { id: number; name: string }[] }>('GET', '/campaigns?searchParam=Oferta')).records;
    await admin.call('PUT', `/campaigns/${campaign.id}`, { scheduledAt: new Date().toISOString() });
    await page.getByTestId('campaign-report-status').filter({ hasText: 'Finalizada' }).waitFor();
    await page.getByTestId('campaign-report-delivered').filter({ hasText: /^2$/ }).waitFor();
    await page.getByTestId('campaign-report-contacts').filter({ hasText: /^2$/ }).waitFor();
    await page.getByTestId('campaign-report-progress').filter({ hasText: '100%' }).waitFor();
    await expect.poll(async () => (await sandbox.outbox()).map((message) => message.body).sort()).toEqual(['Olá Ana, temos uma oferta', 'Olá Bruno, temos uma oferta']);

    // a finished campaign opens read-only
    await page.goto(`${server.url}/campaigns`);
    await page.getByTestId('campaigns-row').filter({ hasText: 'Oferta E2E' }).getByTestId('campaigns-edit').click();
    await page.getByTestId('campaign-dialog').getByText('Campanha (somente leitura)').waitFor();
    expect(await page.getByTestId('campaign-save').count()).toBe(0);
  });
});
