// Chat extras in a real browser (01-core §2 Chat screen, §4 Messages): multi-select forward, contact
// card and the signature toggle.
import type { MessagesPage } from '@atende/shared/messages';
import type { TicketsPage } from '@atende/shared/tickets';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, composerTool, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
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
  await admin.call('PUT', `/users/${admin.userId}`, { name: 'Admin', email: ADMIN_EMAIL });
  await admin.call('PUT', '/companySettings', { column: 'sendSignMessage', data: 'enabled' });
  sandbox = await createSandbox(admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (page: Page, text: string) => page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: text });

const ticketOf = async (name: string) => {
  for (const status of ['open', 'pending']) {
    const page = await admin.call<TicketsPage>('GET', `/tickets?status=${status}&showAll=true&searchParam=${encodeURIComponent(name)}`);
    const found = page.tickets.find((ticket) => ticket.contact.name === name);
    if (found) return found;
  }
  return undefined;
};

describe('chat extras (01-core §4)', () => {
  it('forwards selected messages, sends a contact card and signs messages', async () => {
    await sandbox.inbound('5511977770001', 'Ana Encaminha', 'Mensagem para encaminhar');
    await sandbox.inbound('5511977770002', 'Bruno Destino', 'Oi, sou o Bruno');

    const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-tab-pending').click();
    await row(page, 'Ana Encaminha').getByTestId('ticket-row-accept').click();
    await page.getByTestId('accept-dialog').waitFor();
    if (await page.getByTestId('accept-start').isDisabled()) {
      await page.getByTestId('accept-queue').click();
      await page.getByTestId(`accept-queue-option-${server.queues[0].id}`).click();
    }
    await page.getByTestId('accept-start').click();
    const chat = page.getByTestId('ticket-chat');
    await expect.poll(() => chat.getAttribute('data-status')).toBe('open');
    const incoming = chat.locator('[data-message-id]').filter({ hasText: 'Mensagem para encaminhar' });
    await incoming.waitFor();

    // forward with nothing selected: an error toast, no dialog, nothing sent
    await (await composerTool(page, 'message-select-mode')).click();
    await page.getByTestId('forward-bar').waitFor();
    await page.getByTestId('forward-selected').click();
    await page.getByTestId('toast-error').waitFor();
    expect(await page.getByTestId('forward-dialog').count()).toBe(0);

    // select the message and forward it to Bruno
    await incoming.getByTestId('message-select').check();
    await expect.poll(() => page.getByTestId('select-count').textContent()).toContain('1');
    await page.getByTestId('forward-selected').click();
    await page.getByTestId('forward-dialog').waitFor();
    await page.getByTestId('forward-contact').fill('Bruno');
    await page.getByRole('option', { name: /Bruno Destino/ }).click();
    await page.getByTestId('forward-submit').click();
    await page.getByTestId('forward-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('toast-success').waitFor();
    await page.getByTestId('message-input').waitFor();
    const bruno = await ticketOf('Bruno Destino');
    expect(bruno).toBeDefined();
    await expect
      .poll(async () => {
        const messages = await admin.call<MessagesPage>('GET', `/messages/${bruno?.id}`);
        return messages.messages.filter((message) => message.isForwarded).map((message) => message.body);
      })
      .toContain('Mensagem para encaminhar');

    // send a contact card and see it rendered as a card
    await (await composerTool(page, 'message-contact-card-open')).click();
    await page.getByTestId('contact-card-dialog').waitFor();
    await page.getByTestId('contact-card-name').fill('Maria Cartão');
    await page.getByTestId('contact-card-number').fill('5511966665555');
    await page.getByTestId('contact-card-submit').click();
    await page.getByTestId('contact-card-dialog').waitFor({ state: 'detached' });
    const card = chat.getByTestId('message-contact-card').filter({ hasText: 'Maria Cartão' });
    await card.waitFor();
    await expect(card.getByTestId('contact-card-number-view').textContent()).resolves.toContain('5511966665555');

    // emoji goes in at the cursor
    await page.getByTestId('message-input').fill('Olá');
    await page.getByTestId('message-emoji').click();
    await page.getByTestId('emoji-option').first().click();
    await expect.poll(() => page.getByTestId('message-input').inputValue()).toBe('Olá😀');

    // signature on: the sent body starts with *Admin*:
    await (await composerTool(page, 'message-sign-toggle')).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('signOption'))).toBe('true');
    await page.getByTestId('message-input').fill('Mensagem assinada');
    await page.getByTestId('message-input').press('Enter');
    await expect
      .poll(async () => (await sandbox.outbox()).map((message) => message.body).find((body) => body.includes('Mensagem assinada')))
      .toBe('*Admin*:\nMensagem assinada');
    await context.close();
  });
});
