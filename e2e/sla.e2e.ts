// SLA in the browser (issue 40 point 3): the admin creates a policy for a queue on the SLA screen,
// a sandbox customer's message opens a ticket in that queue, and its row shows the time left; the
// server's clock cannot be moved from here, so the policy's first response is one minute and the
// test waits (polling, no sleeps) for the chip to turn red after the breach, and for the
// dashboard to count the breach.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Suporte', color: '#2196f3' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  sandbox = await createSandbox(admin);
  await admin.call('PUT', `/whatsapp/${sandbox.id}`, { queueIds: [server.queues[0].id] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// the breach job runs at the due moment, a minute after the ticket's creation
const BREACH_TIMEOUT_MS = 150_000;

describe('SLA policies, chip and dashboard in the browser (issue 40 point 3)', () => {
  it('issue 40 point 3: a policy made on the screen puts a chip on the new ticket, red after the breach, and the dashboard counts it', { timeout: 240_000 }, async () => {
    const queue = server.queues[0];
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

    await page.getByTestId('menu-slaPolicies').click();
    await page.getByTestId('sla-policies-add').click();
    const form = page.getByTestId('sla-policy-form');
    await form.getByTestId('sla-policy-name').fill('Suporte rápido');
    await form.getByTestId('sla-policy-queue').locator('[role="combobox"]').click();
    await page.getByTestId(`sla-policy-queue-option-${queue.id}`).click();
    await form.getByTestId('sla-policy-firstResponseMinutes').fill('1');
    await form.getByTestId('sla-policy-save').click();
    await page.getByTestId('sla-policies-row').filter({ hasText: 'Suporte rápido' }).filter({ hasText: queue.name }).waitFor();

    await page.getByTestId('menu-tickets').click();
    await page.getByTestId('tickets-tab-pending').click();
    await sandbox.inbound('5511977773001', 'Cliente Com Prazo', 'Oi, preciso de ajuda');
    const row = page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: 'Cliente Com Prazo' });
    await row.waitFor();
    // the chip appears once the targets are set (company-{id}-sla) and counts the minute down
    const chip = row.getByTestId('ticket-row-sla');
    await chip.waitFor();
    expect(await chip.textContent()).toMatch(/1/);
    await expect.poll(() => chip.getAttribute('data-tone'), { timeout: BREACH_TIMEOUT_MS, interval: 1000 }).toBe('overdue');

    await row.click();
    await expect.poll(() => page.getByTestId('ticket-header-sla').getAttribute('data-tone')).toBe('overdue');

    await page.getByTestId('menu-dashboard').click();
    await expect.poll(() => page.getByTestId('sla-figures-breached').textContent(), { timeout: 30_000 }).toBe('1');
    expect(await page.getByTestId('sla-figures-queues-row').filter({ hasText: queue.name }).getByTestId('sla-figures-queues-breached').textContent()).toBe('1');
    await context.close();
  });
});
