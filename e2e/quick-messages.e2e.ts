import type { MessagesPage } from '@atende/shared/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn, startServerWithQueues, type Api, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let page: Page;

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Suporte', color: '#2196f3' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// a 1x1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('quick messages (02-operations §2, §7 Quick messages, §9)', () => {
  it("typing '/' in the chat suggests quick messages; one chosen fills its placeholders and attaches its file", async () => {
    const greeting = await admin.call<{ id: number }>('POST', '/quick-messages', { shortcode: 'saudacao', message: 'Olá {{firstName}}, protocolo {{protocol}}.' });
    await admin.call('POST', '/quick-messages', { shortcode: 'catalogo', message: 'Segue o catálogo' });
    await admin.call('POST', '/quick-messages', { shortcode: 'despedida', message: 'Até logo!' });
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', new Blob([new Uint8Array(PNG)]), 'tabela.png');
    const uploaded = await fetch(`${server.url}/quick-messages/${greeting.id}/media-upload`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
    expect(uploaded.status).toBe(200);

    const sandbox = await createSandbox(admin);
    await sandbox.inbound('5511977770001', 'Helena Souza', 'Bom dia');
    const { tickets } = await admin.call<{ tickets: { id: number; uuid: string }[] }>('GET', '/tickets?status=pending&showAll=true');
    const ticket = tickets[0];
    await admin.call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.userId, queueId: server.queues[0].id });
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await expect.poll(() => page.getByTestId('ticket-chat').getAttribute('data-status')).toBe('open');

    const input = page.getByTestId('message-input');
    await input.fill('/');
    await expect.poll(() => page.getByTestId('quick-message-suggestion').count()).toBe(3);
    await input.pressSequentially('sa');
    await expect.poll(() => page.getByTestId('quick-message-suggestion').allTextContents()).toEqual([expect.stringContaining('/saudacao')]);
    await page.getByTestId('quick-message-suggestion').click();
    await expect.poll(() => input.inputValue()).toBe(`Olá Helena, protocolo ${ticket.id}.`);
    await page.getByTestId('attachments-preview').getByText('tabela.png').waitFor();
    expect(await page.getByTestId('quick-message-suggestions').count()).toBe(0);

    await page.getByTestId('message-send').click();
    await expect
      .poll(async () => (await admin.call<MessagesPage>('GET', `/messages/${ticket.id}`)).messages.filter((message) => message.fromMe).map((message) => message.body))
      .toEqual([`Olá Helena, protocolo ${ticket.id}.`]);
    const sent = (await admin.call<MessagesPage>('GET', `/messages/${ticket.id}`)).messages.find((message) => message.fromMe);
    expect(sent?.mediaUrl).toBeTruthy();
  });

  it('the list shows shortcode, attachment and general flag, and a new one appears live', async () => {
    await page.goto(`${server.url}/quick-messages`);
    await page.getByTestId('quick-messages-table').waitFor();
    await page.getByTestId('quick-messages-row').filter({ hasText: 'saudacao' }).filter({ hasText: 'tabela.png' }).waitFor();
    await page.getByTestId('quick-messages-add').click();
    await page.getByTestId('quick-message-save').click();
    await page.getByText('Obrigatório').first().waitFor();
    await page.getByTestId('quick-message-shortcode').fill('horario');
    await page.getByTestId('quick-message-message').fill('Atendemos das 8h às 18h');
    await page.getByTestId('quick-message-geral').click();
    await page.getByTestId('quick-message-save').click();
    await page.getByTestId('quick-messages-row').filter({ hasText: 'horario' }).waitFor();
    // another sign-in's change arrives live
    await admin.call('POST', '/quick-messages', { shortcode: 'ao-vivo', geral: true });
    await page.getByTestId('quick-messages-row').filter({ hasText: 'ao-vivo' }).waitFor();
  });
});
