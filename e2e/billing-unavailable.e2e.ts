// Issue 35 point 5 in the browser: on a platform without a Pix provider the invoices screen and
// the overdue page say so before any checkout, naming the super admin's support contact, and keep
// PAGAR disabled; the overdue page says "pay the open invoice" only over a list that has one.
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pt from '../apps/web/src/locales/pt.json';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { companies, invoices, plans, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/users/users.service.ts';
import { closeRoutedPage, launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, seededDataDir, startServer, type RunningServer } from './helpers/server.ts';

const PASSWORD = 'aurora-123';
const BILLED_EMAIL = 'billed-admin@e2e.test';
const CONTACT = 'financeiro@plataforma.test';
const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);

let dataDir: string;
let server: RunningServer;
let browser: Browser;

// An overdue company with its open invoice, written before the server starts.
beforeAll(async () => {
  dataDir = seededDataDir('atende-e2e-billing-unavailable-');
  const database = await openDatabase({ pgliteDir: dataDir });
  const [plan] = await database.db.insert(plans).values({ name: 'Plano Ouro', users: 5, connections: 2, queues: 4, amount: '99.90' }).returning();
  const [company] = await database.db.insert(companies).values({ name: 'Aurora Faturada', planId: plan.id, dueDate: yesterday }).returning();
  await database.db.insert(users).values({ companyId: company.id, name: 'Aurora Admin', email: BILLED_EMAIL, profile: 'admin', passwordHash: await hashPassword(PASSWORD) });
  await database.db.insert(invoices).values({ companyId: company.id, detail: plan.name, users: 5, connections: 2, queues: 4, dueDate: yesterday, value: '99.90' });
  await database.close();
  // no PIX_* settings: the checkout cannot take a payment here
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
};

describe('billing without a Pix provider (issue 35 point 5)', () => {
  it('the super admin sets the support contact; the invoices screen and the overdue pages name it, with PAGAR disabled and no "pay the open invoice" over an empty list', async () => {
    const superPage = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await signIn(superPage, ADMIN_EMAIL, ADMIN_PASSWORD);
    await superPage.getByTestId('app-bar').waitFor();
    await superPage.goto(`${server.url}/settings`);
    await superPage.getByTestId('platform-supportContact').fill(CONTACT);
    const saved = superPage.waitForResponse((answer) => answer.url().endsWith('/settings/supportContact') && answer.request().method() === 'PUT');
    await superPage.getByTestId('platform-save').click();
    expect((await saved).ok()).toBe(true);
    await superPage.goto(`${server.url}/financeiro`);
    const expected = pt.invoices.unavailable.withContact.replace('{{contact}}', CONTACT);
    await expect.poll(() => superPage.getByTestId('checkout-unavailable').textContent()).toBe(expected);
    await superPage.close();

    const billed = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(billed, BILLED_EMAIL, PASSWORD);
    await billed.waitForURL(/\/financeiro-aberto$/);
    await expect.poll(() => billed.getByTestId('overdue-pay-hint').textContent()).toBe(pt.overdue.payHere);
    expect(await billed.getByTestId('checkout-unavailable').textContent()).toBe(expected);
    expect(await billed.getByTestId('overdue-support-contact').textContent()).toBe(pt.overdue.supportContact.replace('{{contact}}', CONTACT));
    const pay = billed.getByRole('button', { name: pt.invoices.pay });
    await pay.waitFor();
    expect(await pay.isDisabled()).toBe(true);
    await billed.close();

    // every process start bills overdue companies at once, so a list without the open invoice
    // (a sweep still to run) is served to the page
    const unbilled = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await signIn(unbilled, BILLED_EMAIL, PASSWORD);
    await unbilled.waitForURL(/\/financeiro-aberto$/);
    await unbilled.getByTestId('overdue-pay-hint').waitFor();
    await unbilled.route(/\/invoices\?/, (route) => route.fulfill({ json: { invoices: [], hasMore: false } }));
    await unbilled.reload();
    await expect.poll(() => unbilled.getByTestId('overdue-pay-hint').textContent()).toBe(pt.overdue.noOpenInvoice);
    expect(await unbilled.getByText(pt.overdue.payHere).count()).toBe(0);
    await closeRoutedPage(unbilled);
  });
});
