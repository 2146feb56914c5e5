// Assignment with capacity in the browser (issue 40 point 4): a queue giving its tickets to the
// attendant with fewest open ones, an attendant of capacity 1 signed in (online by the web's
// presence ping); the first customer's ticket is theirs, the second waits and becomes theirs when
// they resolve the first. Priority (point 5): the chat header's menu sets it and the row shows it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;
const ATTENDANT = { name: 'Ana Atendente', email: 'ana.assignment@example.com', password: 'Attendant#2026' };

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Suporte', color: '#2196f3' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  sandbox = await createSandbox(admin);
  const queue = server.queues[0];
  await admin.call('PUT', `/whatsapp/${sandbox.id}`, { queueIds: [queue.id] });
  await admin.call('PUT', `/queue/${queue.id}`, { assignment: 'leastOpen' });
  await admin.call('POST', '/users', { ...ATTENDANT, profile: 'user', queueIds: [queue.id], capacity: 1 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (page: Page, text: string) => page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: text });

describe('assignment with capacity and priority in the browser (issue 40 points 4 and 5)', () => {
  it('the second ticket waits until the attendant resolves the first, then is theirs', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await signIn(page, server.url, ATTENDANT.email, ATTENDANT.password);
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-tab-pending').click();

    await sandbox.inbound('5511977770001', 'Primeiro Cliente', 'Oi, preciso de ajuda');
    const first = row(page, 'Primeiro Cliente');
    await first.waitFor();
    await first.click();
    await expect.poll(() => page.getByTestId('ticket-header-owner').textContent(), { timeout: 20_000 }).toContain(ATTENDANT.name);

    await sandbox.inbound('5511977770002', 'Segundo Cliente', 'Olá, também preciso');
    const second = row(page, 'Segundo Cliente');
    await second.waitFor();
    await second.click();
    // the attendant is full: the ticket waits with nobody
    await expect.poll(() => page.getByTestId('ticket-header-owner').textContent()).not.toContain(ATTENDANT.name);

    // the first is accepted, marked urgent from the header and resolved
    await first.getByTestId('ticket-row-accept').click();
    await page.getByTestId('tickets-tab-open').click();
    const open = row(page, 'Primeiro Cliente');
    await open.click();
    // the header's chip, or in a compact header its menu's item
    await page.getByTestId('ticket-header').waitFor();
    if ((await page.getByTestId('ticket-header').getAttribute('data-compact')) === 'true') {
      await page.getByTestId('ticket-menu').click();
      await page.getByTestId('ticket-menu-priority').click();
    } else {
      await page.getByTestId('ticket-header-priority').click();
    }
    await page.getByTestId('ticket-priority-urgent').click();
    await expect.poll(() => open.getByTestId('ticket-row-priority').getAttribute('data-priority')).toBe('urgent');
    await page.getByTestId('ticket-resolve').click();
    await page.getByTestId('close-dialog').waitFor();
    await page.getByTestId('close-without-farewell').click();
    await page.waitForURL(`${server.url}/tickets`);

    await page.getByTestId('tickets-tab-pending').click();
    await row(page, 'Segundo Cliente').click();
    await expect.poll(() => page.getByTestId('ticket-header-owner').textContent(), { timeout: 20_000 }).toContain(ATTENDANT.name);
    await context.close();
  });
});
