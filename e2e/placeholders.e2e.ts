// Placeholders in the forms (issue 35 point 1 and its bad input): a message field lists the
// placeholders it is sent with, a click inserts one at the cursor, and an unknown one is flagged.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn } from './helpers/attendance.ts';
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

describe('placeholder help under message fields (issue 35 point 1)', () => {
  it('lists the greeting’s placeholders, inserts one at the cursor and flags an unknown one', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-table').waitFor();
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connections-add-sandbox').click();
    await page.getByTestId('connection-tab-messages').click();

    const greeting = page.getByTestId('connection-greeting');
    const help = page.getByTestId('connection-greeting-placeholders');
    await help.getByTestId('connection-greeting-placeholders-insert-protocol').waitFor();
    await greeting.fill('Olá , tudo bem?');
    // the cursor after "Olá "
    await greeting.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(4, 4));
    await help.getByTestId('connection-greeting-placeholders-insert-name').click();
    await expect.poll(() => greeting.inputValue()).toBe('Olá {{name}}, tudo bem?');
    expect(await help.getByTestId('connection-greeting-placeholders-unknown').count()).toBe(0);

    await greeting.press('End');
    await greeting.pressSequentially(' {{nome}}');
    await expect.poll(() => help.getByTestId('connection-greeting-placeholders-unknown').textContent()).toContain('{{nome}}');
    await page.close();
  });

  it('a queue’s greeting and out-of-hours message list the ticket’s placeholders and flag an attendant’s', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/queues`);
    await page.getByTestId('queues-add').click();
    const greeting = page.getByTestId('queue-greeting');
    const help = page.getByTestId('queue-greeting-placeholders');
    await greeting.fill('Olá');
    await help.getByTestId('queue-greeting-placeholders-insert-name').click();
    await expect.poll(() => greeting.inputValue()).toBe('Olá{{name}}');
    // the bot does not know who will attend: {{user}} is not filled in a queue's greeting
    await greeting.pressSequentially(' {{user}}');
    await expect.poll(() => help.getByTestId('queue-greeting-placeholders-unknown').textContent()).toContain('{{user}}');
    await page.getByTestId('queue-out-of-hours-placeholders-insert-protocol').waitFor();

    // a chatbot option's greeting, once the queue is saved
    await page.getByTestId('queue-name').fill('Placeholders');
    await greeting.fill('Olá {{name}}');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-chatbot-add').click();
    const option = page.getByTestId('queue-chatbot-greeting');
    await option.fill('Protocolo ');
    await page.getByTestId('queue-chatbot-greeting-placeholders-insert-protocol').click();
    await expect.poll(() => option.inputValue()).toBe('Protocolo {{protocol}}');
    await page.close();
  });

  it('the accept greeting and the transfer message in the settings list the attendant’s placeholders; an inserted one is saved', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('settings-page').waitFor();
    await page.getByTestId('setting-greetingAcceptedMessage-placeholders-insert-user').waitFor();
    const transfer = page.getByTestId('setting-transferMessage-input');
    const help = page.getByTestId('setting-transferMessage-placeholders');
    await transfer.fill('Você foi transferido para ');
    await help.getByTestId('setting-transferMessage-placeholders-insert-queue').click();
    await expect.poll(() => transfer.inputValue()).toBe('Você foi transferido para {{queue}}');
    await transfer.pressSequentially(' {{fila}}');
    await expect.poll(() => help.getByTestId('setting-transferMessage-placeholders-unknown').textContent()).toContain('{{fila}}');
    const saved = page.waitForResponse((answer) => answer.url().includes('/companySettings') && answer.request().method() === 'PUT');
    await transfer.blur();
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toEqual({ column: 'transferMessage', data: 'Você foi transferido para {{queue}} {{fila}}' });
    await page.close();
  });

  it('a campaign message lists the contact’s placeholders and the company’s own variables, and flags one of neither', async () => {
    const admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.call('POST', '/campaign-settings', { settings: { variables: [{ key: 'cupom', value: 'AURORA10' }] } });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/campaigns`);
    await page.getByTestId('campaigns-add').click();
    const message = page.getByTestId('campaign-message2');
    const help = page.getByTestId('campaign-message2-placeholders');
    await message.fill('Seu cupom: ');
    await help.getByTestId('campaign-message2-placeholders-insert-cupom').click();
    await expect.poll(() => message.inputValue()).toBe('Seu cupom: {{cupom}}');
    await help.getByTestId('campaign-message2-placeholders-insert-number').click();
    await expect.poll(() => message.inputValue()).toBe('Seu cupom: {{cupom}}{{number}}');
    expect(await help.getByTestId('campaign-message2-placeholders-unknown').count()).toBe(0);
    // an attendant's placeholder is not filled in a campaign
    await message.pressSequentially(' {{user}}');
    await expect.poll(() => help.getByTestId('campaign-message2-placeholders-unknown').textContent()).toContain('{{user}}');
    await page.close();
  });
});
