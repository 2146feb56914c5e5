// The screens an attendant uses every day, as a new company meets them (issue 35).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;

const ATTENDANT = { name: 'Bia Atendente', email: 'bia@e2e.test', password: 'bia-password' };

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Suporte', color: '#2196f3' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  // allTicket: the sandbox's tickets come without a queue
  await admin.call('POST', '/users', { ...ATTENDANT, profile: 'user', queueIds: [server.queues[0].id], allTicket: 'enabled' });
  sandbox = await createSandbox(admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newPage = async (viewport = { width: 1366, height: 800 }) => (await browser.newContext({ viewport })).newPage();

describe('an attendant lands where they can work (issue 35 point 4)', () => {
  it('signs a user without showDashboard in to the tickets, keeps the 403 for a direct visit, and shows the waiting count on any tab', async () => {
    const page = await newPage();
    await signIn(page, server.url, ATTENDANT.email, ATTENDANT.password);
    await page.getByTestId('ticket-list-panel').waitFor();
    expect(new URL(page.url()).pathname).toBe('/tickets');
    expect(await page.getByTestId('access-denied').count()).toBe(0);

    // the open tab is selected; a customer starts waiting
    await expect.poll(() => page.getByTestId('tickets-tab-open').getAttribute('aria-selected')).toBe('true');
    await sandbox.inbound('5511977770001', 'Cliente Esperando', 'Oi, alguém aí?');
    await expect.poll(() => page.getByTestId('tickets-tab-pending').textContent()).toMatch(/1$/);
    await page.getByTestId('tickets-tab-closed').click();
    await expect.poll(() => page.getByTestId('tickets-tab-pending').textContent()).toMatch(/1$/);

    await page.goto(`${server.url}/`);
    await page.getByTestId('access-denied').waitFor();
    await page.context().close();
  });

  it('still signs an admin in to the dashboard (issue 35 point 4)', async () => {
    const page = await newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('access-denied').count()).toBe(0);
    await page.context().close();
  });
});

describe('every word in the user\'s language (issue 35 point 12)', () => {
  it("translates MUI's table pagination with the app's language and asks for the export in it", async () => {
    const page = await newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/reports`);
    const pagination = page.getByTestId('report-pagination');
    await pagination.waitFor();
    expect(await pagination.getByRole('button', { name: 'Ir para a próxima página' }).count()).toBe(1);
    expect(await pagination.textContent()).toContain('0–0 de 0');

    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await pagination.waitFor();
    await expect.poll(() => pagination.getByRole('button', { name: 'Ir a la página siguiente' }).count()).toBe(1);
    expect(await pagination.textContent()).not.toContain('Go to');
    const exportCall = page.waitForRequest((request) => request.url().includes('/ticketreport/reports/export'));
    await page.getByTestId('report-export').click();
    expect((await exportCall).headers()['accept-language']).toBe('es');
    await page.context().close();
  });
});

