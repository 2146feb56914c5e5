// A Telegram bot in a real browser (issue 41 point 3): the admin connects it from the connections
// screen's form (a refused token shows in the form), a customer writes to it, and the attendant's
// reply reaches the Bot API. The product talks to a fake Bot API on loopback.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverUpdate, startFakeTelegram, type FakeTelegram } from '../apps/server/test/helpers/fake-telegram.ts';
import { apiAs, signIn, type Api } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let telegram: FakeTelegram;
let server: RunningServer;
let browser: Browser;
let admin: Api;
let queueId: number;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  server = await startServer({ TELEGRAM_API_URL: telegram.apiUrl, PUBLIC_URL: 'https://atende.example' });
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  queueId = (await admin.call<{ id: number }>('POST', '/queue', { name: 'Atendimento', color: '#4caf50' })).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await telegram?.close();
});

describe('Telegram connection (issue 41 point 3)', () => {
  it('the admin connects a bot from the connections screen; a customer writes and the reply reaches Telegram', async () => {
    const bot = telegram.addBot('loja_e2e_bot');
    const page = await browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connections-add-telegram').click();
    await page.getByTestId('telegram-dialog').waitFor();
    await page.getByTestId('telegram-name').fill('Loja no Telegram');
    await page.getByTestId('telegram-botToken').fill(`999:${'z'.repeat(35)}`);
    await page.getByTestId('telegram-submit').click();
    await page.getByTestId('telegram-error').waitFor();
    await page.getByTestId('telegram-botToken').fill(bot.token);
    await page.getByTestId('telegram-submit').click();
    await page.getByTestId('telegram-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('connections-row').filter({ hasText: 'Loja no Telegram' });
    await row.filter({ hasText: 'loja_e2e_bot' }).waitFor();

    const webhook = telegram.webhookOf(bot.token);
    if (!webhook) throw new Error('no webhook set');
    const update = { update_id: 1, message: { message_id: 10, date: 1_700_000_000, chat: { id: 4242, type: 'private' }, from: { id: 4242, first_name: 'Tereza', last_name: 'Telegram', username: 'tereza' }, text: 'Oi, bot!' } };
    expect((await deliverUpdate(server, webhook.url, update, webhook.secret)).status).toBe(200);

    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-tab-pending').click();
    await page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: 'Tereza Telegram' }).getByTestId('ticket-row-accept').click();
    await page.getByTestId('accept-dialog').waitFor();
    if (await page.getByTestId('accept-start').isDisabled()) {
      await page.getByTestId('accept-queue').click();
      await page.getByTestId(`accept-queue-option-${queueId}`).click();
    }
    await page.getByTestId('accept-start').click();
    const chat = page.getByTestId('ticket-chat');
    await expect.poll(() => chat.getAttribute('data-status')).toBe('open');
    await chat.locator('[data-message-id]').filter({ hasText: 'Oi, bot!' }).waitFor();
    await page.getByTestId('message-input').fill('Olá Tereza!');
    await page.getByTestId('message-input').press('Enter');
    await chat.locator('[data-message-id]').filter({ hasText: 'Olá Tereza!' }).waitFor();
    await expect.poll(() => telegram.callsOf(bot.token, 'sendMessage').map((call) => call.params.text)).toContain('Olá Tereza!');
    await page.close();
  });
});
