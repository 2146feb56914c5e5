import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, composerTool, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;
const screenshots = resolve(import.meta.dirname, 'screenshots');

beforeAll(async () => {
  server = await startServerWithQueues([
    { name: 'Suporte', color: '#2196f3' },
    { name: 'Vendas', color: '#9c27b0' },
  ]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.call('PUT', `/users/${admin.userId}`, { name: 'Admin', email: ADMIN_EMAIL, farewellMessage: 'Até logo, {{name}}!' });
  // waiting tickets notify (01-core §4), so the page title counts them
  await admin.call('PUT', '/companySettings', { column: 'showNotificationPending', data: 'enabled' });
  sandbox = await createSandbox(admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.getByTestId('ticket-list').locator('[data-ticket-uuid]');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

const newPage = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
  const page = await context.newPage();
  await signIn(page, server.url, email, password);
  await page.goto(`${server.url}/tickets`);
  await page.getByTestId('ticket-list-panel').waitFor();
  return page;
};

describe('ticket manager (01-core §2, §4)', () => {
  it('takes a sandbox conversation from the inbound message to accept, reply and resolve with farewell', async () => {
    const page = await newPage();
    await page.getByTestId('tickets-tab-pending').click();
    await sandbox.inbound('5511988880001', 'Carla Cliente', 'Olá, preciso de ajuda com meu pedido');
    // arrives live, no reload
    const carla = row(page, 'Carla Cliente');
    await carla.waitFor();
    await expect(carla.getByTestId('ticket-row-last').textContent()).resolves.toContain('Olá, preciso de ajuda');

    await carla.getByTestId('ticket-row-accept').click();
    // no queue on the ticket: the queue modal asks for one (01-core §4 Accept)
    await page.getByTestId('accept-dialog').waitFor();
    expect(await page.getByTestId('accept-start').isDisabled()).toBe(true);
    await page.getByTestId('accept-queue').click();
    await page.getByTestId(`accept-queue-option-${server.queues[0].id}`).click();
    await page.getByTestId('accept-start').click();

    const chat = page.getByTestId('ticket-chat');
    await chat.waitFor();
    await expect.poll(() => chat.getAttribute('data-status')).toBe('open');
    await expect.poll(() => page.getByTestId('tickets-tab-open').getAttribute('aria-selected')).toBe('true');
    await chat.getByText('Olá, preciso de ajuda com meu pedido').waitFor();
    await page.getByTestId('ticket-header-owner').getByText('Admin').waitFor();

    await page.getByTestId('message-input').fill('Oi Carla, já estou verificando!');
    await page.getByTestId('message-input').press('Enter');
    await chat.locator('[data-from-me="true"]').getByText('Oi Carla, já estou verificando!').waitFor();
    await expect.poll(async () => (await sandbox.outbox()).map((message) => message.body)).toContain('Oi Carla, já estou verificando!');

    // a private note stays inside the team
    await (await composerTool(page, 'message-private-toggle')).click();
    await page.getByTestId('message-input').fill('Cliente VIP');
    await page.getByTestId('message-send').click();
    await chat.locator('[data-private="true"]').getByText('Cliente VIP').waitFor();
    await (await composerTool(page, 'message-private-toggle')).click();

    await page.getByTestId('ticket-resolve').click();
    await page.getByTestId('close-dialog').waitFor();
    await page.getByTestId('close-with-farewell').click();
    await page.waitForURL(`${server.url}/tickets`);
    await expect.poll(async () => (await sandbox.outbox()).map((message) => message.body)).toContain('Até logo, Carla Cliente!');
    await page.getByTestId('tickets-tab-closed').click();
    await row(page, 'Carla Cliente').getByText('Até logo, Carla Cliente!').waitFor();
    expect(await (await sandbox.outbox()).some((message) => message.body === 'Cliente VIP')).toBe(false);
    await page.context().close();
  });

  it('shows a transfer between two attendants live in both, and a new message moves a ticket to the top with its unread count', async () => {
    const [suporte] = server.queues;
    for (const [name, email] of [
      ['Ana Atendente', 'ana@e2e.test'],
      ['Beto Atendente', 'beto@e2e.test'],
    ]) {
      await admin.call('POST', '/users', { name, email, password: 'senha-123', profile: 'user', queueIds: [suporte.id], allTicket: 'enabled' });
    }
    const ana = await newPage('ana@e2e.test', 'senha-123');
    const beto = await newPage('beto@e2e.test', 'senha-123');

    await sandbox.inbound('5511988880002', 'Diego Cliente', 'Quero trocar um produto');
    await ana.getByTestId('tickets-tab-pending').click();
    await row(ana, 'Diego Cliente').getByTestId('ticket-row-accept').click();
    // Ana has a single queue: it is preselected
    await ana.getByTestId('accept-dialog').waitFor();
    await ana.getByTestId('accept-start').click();
    await ana.getByTestId('ticket-chat').waitFor();

    // Beto watches his open tab; the ticket is not his yet
    expect(await row(beto, 'Diego Cliente').count()).toBe(0);

    await ana.getByTestId('ticket-menu').click();
    await ana.getByTestId('ticket-transfer').click();
    await ana.getByTestId('transfer-dialog').waitFor();
    await ana.getByTestId('transfer-user').fill('Bet');
    await ana.getByRole('option', { name: 'Beto Atendente' }).click();
    await ana.getByTestId('transfer-message').fill('Cliente quer trocar o produto');
    await ana.getByTestId('transfer-submit').click();
    await ana.waitForURL(`${server.url}/tickets`);
    // gone from Ana's open list, arrived in Beto's, without reloading either page
    await row(ana, 'Diego Cliente').waitFor({ state: 'detached' });
    const diego = row(beto, 'Diego Cliente');
    await diego.waitFor();
    await diego.click();
    await beto.getByTestId('ticket-header-owner').getByText('Beto Atendente').waitFor();
    await beto.getByTestId('ticket-chat').locator('[data-private="true"]').getByText('Cliente quer trocar o produto').waitFor();

    // pending list order follows the newest message (01-core §4 live updates)
    await beto.goto(`${server.url}/tickets`);
    await beto.getByTestId('tickets-tab-pending').click();
    await sandbox.inbound('5511988880003', 'Elisa Cliente', 'Bom dia');
    await row(beto, 'Elisa Cliente').waitFor();
    await sandbox.inbound('5511988880004', 'Fabio Cliente', 'Boa tarde');
    await expect.poll(() => rows(beto).first().textContent()).toContain('Fabio Cliente');
    await sandbox.inbound('5511988880003', 'Elisa Cliente', 'Alguém aí?');
    await expect.poll(() => rows(beto).first().textContent()).toContain('Elisa Cliente');
    await expect.poll(() => rows(beto).first().getByTestId('ticket-row-unread').textContent()).toBe('2');
    await expect.poll(() => rows(beto).first().getByTestId('ticket-row-last').textContent()).toContain('Alguém aí?');
    // the title counts tickets with unread messages
    await expect.poll(() => beto.title()).toMatch(/^[①-⑳]/);

    // opening it reads it: the count resets live in Ana's list too
    await ana.getByTestId('tickets-tab-pending').click();
    await expect.poll(() => row(ana, 'Elisa Cliente').getByTestId('ticket-row-unread').textContent()).toBe('2');
    await row(beto, 'Elisa Cliente').click();
    await beto.getByTestId('ticket-chat').getByText('Alguém aí?').waitFor();
    await expect.poll(() => row(ana, 'Elisa Cliente').getByTestId('ticket-row-unread').count()).toBe(0);
    await ana.context().close();
    await beto.context().close();
  });

  it('searches by name and message text and filters by status', async () => {
    const page = await newPage();
    await page.getByTestId('tickets-search').fill('Fabio');
    await expect.poll(() => rows(page).count()).toBe(1);
    await row(page, 'Fabio Cliente').waitFor();

    await page.getByTestId('tickets-search').fill('pedido');
    await expect.poll(() => rows(page).count()).toBe(0);
    await page.getByTestId('tickets-search-messages').check();
    await row(page, 'Carla Cliente').waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);

    await page.getByTestId('tickets-search').fill('');
    await page.getByTestId('tickets-filter-toggle').click();
    await page.getByTestId('filter-statuses').click();
    await page.getByRole('option', { name: 'Resolvido' }).click();
    await page.keyboard.press('Escape');
    await row(page, 'Carla Cliente').waitFor();
    await expect.poll(async () => (await rows(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))).every((status) => status === 'closed')).toBe(true);
    await page.context().close();
  });

  it('takes screenshots of the ticket manager in light and dark', async () => {
    mkdirSync(screenshots, { recursive: true });
    const page = await newPage();
    await page.getByTestId('tickets-tab-pending').click();
    await row(page, 'Elisa Cliente').click();
    await page.getByTestId('ticket-chat').getByText('Alguém aí?').waitFor();
    await page.screenshot({ path: resolve(screenshots, 'tickets-light.png') });
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: resolve(screenshots, 'tickets-dark.png') });
    await page.context().close();
  });

  it('shows the face of a rated ticket with its rate in the title (01-core §2 rating emoji, §9)', async () => {
    const rated = await createSandbox(admin, 'Sandbox NPS');
    await admin.call('PUT', `/whatsapp/${rated.id}`, { ratingMessage: 'Nota de 0 a 10?', expiresTicketNPS: 30 });
    await admin.call('PUT', '/companySettings', { column: 'userRating', data: 'enabled' });
    await rated.inbound('5511988880009', 'Rita Cliente', 'Oi');
    const { tickets } = await admin.call<{ tickets: { id: number; contact: { name: string } }[] }>('GET', '/tickets?status=pending&showAll=true');
    const ticket = tickets.find((entry) => entry.contact.name === 'Rita Cliente');
    if (!ticket) throw new Error('the rated ticket did not arrive');
    await admin.call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.userId, queueId: server.queues[0].id });
    await admin.call('PUT', `/tickets/${ticket.id}`, { status: 'closed', userId: admin.userId });
    await rated.inbound('5511988880009', 'Rita Cliente', '10');
    await admin.call('PUT', '/companySettings', { column: 'userRating', data: 'disabled' });

    const page = await newPage();
    await page.getByTestId('tickets-tab-closed').click();
    const face = row(page, 'Rita Cliente').getByTestId('ticket-row-rating');
    await face.waitFor();
    expect(await face.textContent()).toBe('😍');
    expect(await face.getAttribute('title')).toBe('Avaliação: 10 de 10');
    await page.context().close();
  });
});
