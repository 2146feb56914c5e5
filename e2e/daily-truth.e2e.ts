// What an attendant sees through a working day, checked against what the server holds (issue 11):
// the notifications list, acks, the composer's room, presence, unread counts, the dark theme's
// tabs and the side menu.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MessagesPage } from '@atende/shared/messages';
import type { TicketsPage, TicketView } from '@atende/shared/tickets';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;
const ANA = { name: 'Ana Atendente', email: 'ana@e2e.test', password: 'senha-123' };
const screenshots = resolve(import.meta.dirname, 'screenshots');

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  server = await startServerWithQueues([{ name: 'Suporte', color: '#2196f3' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const [suporte] = server.queues;
  // both take tickets without a queue too (allTicket), so every sandbox ticket notifies them
  await admin.call('PUT', `/users/${admin.userId}`, { name: 'Admin', email: ADMIN_EMAIL, queueIds: [suporte.id], allTicket: 'enabled' });
  await admin.call('POST', '/users', { ...ANA, profile: 'user', queueIds: [suporte.id], allTicket: 'enabled' });
  await admin.call('PUT', '/companySettings', { column: 'showNotificationPending', data: 'enabled' });
  sandbox = await createSandbox(admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openPage = async (path: string, options: { width?: number; height?: number; email?: string; password?: string; colorScheme?: 'light' | 'dark' } = {}) => {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: options.height ?? 900 }, colorScheme: options.colorScheme });
  const page = await context.newPage();
  await signIn(page, server.url, options.email ?? ADMIN_EMAIL, options.password ?? ADMIN_PASSWORD);
  await page.goto(`${server.url}${path}`);
  return page;
};

const ticketOf = async (name: string): Promise<TicketView> => {
  const page = await admin.call<TicketsPage>('GET', `/tickets?showAll=true&searchParam=${encodeURIComponent(name)}`);
  const found = page.tickets.find((ticket) => ticket.contact.name === name);
  if (!found) throw new Error(`no ticket of ${name}`);
  return found;
};

// A customer writes and the admin takes the ticket through the API; the page shows its chat.
const openChatOf = async (page: Page, number: string, name: string, body: string) => {
  await sandbox.inbound(number, name, body);
  const ticket = await ticketOf(name);
  await admin.call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.userId, queueId: server.queues[0].id });
  await page.goto(`${server.url}/tickets/${ticket.uuid}`);
  const chat = page.getByTestId('ticket-chat');
  await expect.poll(() => chat.getAttribute('data-status')).toBe('open');
  await chat.getByText(body).waitFor();
  return ticket;
};

const row = (page: Page, text: string) => page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: text });

// The notifications popover's entries, by ticket id (opens the popover when it is closed).
const notificationIds = async (page: Page) => {
  const popover = page.getByTestId('notifications-popover');
  if (!(await popover.isVisible())) {
    await page.getByTestId('notifications-button').click();
    await popover.waitFor();
  }
  const ids = await popover.locator('[data-testid^="notification-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
  return ids.filter((id): id is string => id !== null && /^notification-\d+$/.test(id)).map((id) => Number(id.slice('notification-'.length)));
};

describe('a working day in the attendance screens (issue 11)', () => {
  it('the notifications list drops a ticket once another attendant accepts it, once it is read and once it is closed (01-core §2 Notifications popover, §4 Unread handling)', async () => {
    const adminPage = await openPage('/tickets');
    const anaPage = await openPage('/tickets', { email: ANA.email, password: ANA.password });
    await sandbox.inbound('5511966660001', 'Bruna Aceita', 'Quero falar com alguém');
    await sandbox.inbound('5511966660002', 'Caio Lido', 'Vocês abrem sábado?');
    await sandbox.inbound('5511966660003', 'Dora Fechada', 'Já resolvi, obrigada');
    const [accepted, read, closed] = await Promise.all(['Bruna Aceita', 'Caio Lido', 'Dora Fechada'].map(ticketOf));
    await expect.poll(() => notificationIds(adminPage)).toEqual(expect.arrayContaining([accepted.id, read.id, closed.id]));
    await expect.poll(() => notificationIds(anaPage)).toEqual(expect.arrayContaining([accepted.id, read.id, closed.id]));
    await anaPage.keyboard.press('Escape');

    // Ana accepts and answers: the ticket is hers now, so it leaves the admin's list, and hers once she read it
    await anaPage.getByTestId('tickets-tab-pending').click();
    await row(anaPage, 'Bruna Aceita').getByTestId('ticket-row-accept').click();
    await anaPage.getByTestId('accept-dialog').waitFor();
    await anaPage.getByTestId('accept-start').click();
    await expect.poll(() => anaPage.getByTestId('ticket-chat').getAttribute('data-status')).toBe('open');
    await anaPage.getByTestId('message-input').fill('Oi Bruna, pode falar!');
    await anaPage.getByTestId('message-input').press('Enter');
    await anaPage.getByTestId('ticket-chat').locator('[data-from-me="true"]').getByText('Oi Bruna, pode falar!').waitFor();
    await expect.poll(() => notificationIds(adminPage)).not.toContain(accepted.id);
    await expect.poll(() => notificationIds(anaPage)).not.toContain(accepted.id);

    // the admin reads one from the list itself
    await adminPage.getByTestId(`notification-${read.id}`).click();
    await adminPage.getByTestId('ticket-chat').getByText('Vocês abrem sábado?').waitFor();
    await expect.poll(() => notificationIds(adminPage)).not.toContain(read.id);
    await adminPage.keyboard.press('Escape');

    // closed without anyone reading it
    await admin.call('PUT', `/tickets/${closed.id}`, { status: 'closed', amountUsedBotQueues: 0 });
    await expect.poll(() => notificationIds(adminPage)).not.toContain(closed.id);
    await expect.poll(() => notificationIds(anaPage)).not.toContain(closed.id);
    await adminPage.context().close();
    await anaPage.context().close();
  });

  it('a ticket whose event arrives while the notifications list is still loading is not lost (01-core §4 live updates)', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    // the first answer of the notifications list is read at once but handed over only after the event
    let releaseAnswer = () => {};
    const answerHeld = new Promise<void>((done) => (releaseAnswer = done));
    let held = false;
    await page.route(
      (url) => url.pathname === '/tickets' && url.searchParams.get('withUnreadMessages') === 'true',
      async (route) => {
        if (held) return route.fallback();
        held = true;
        const response = await route.fetch();
        await answerHeld;
        await route.fulfill({ response }).catch(() => undefined);
      },
    );
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-tab-pending').click();
    await expect.poll(() => held).toBe(true);
    await sandbox.inbound('5511966660005', 'Enzo Carregando', 'Mensagem durante o carregamento');
    // the pending list shows it: the event has been handled by every list on the page
    await row(page, 'Enzo Carregando').waitFor();
    releaseAnswer();
    const ticket = await ticketOf('Enzo Carregando');
    await expect.poll(() => notificationIds(page)).toContain(ticket.id);
    await context.close();
  });

  it('a sent reply shows its check once the channel acknowledged it, even when the ack beats the send answer, and later acks arrive live (01-core §4 Messages)', async () => {
    const page = await openPage('/tickets');
    const ticket = await openChatOf(page, '5511966660010', 'Elias Ack', 'Chegou minha encomenda?');
    // hold the send's answer until the channel's ack (sandbox: 1, sent) has reached the page
    let releaseAnswer = () => {};
    const answerHeld = new Promise<void>((done) => (releaseAnswer = done));
    await page.route(
      (url) => url.pathname === `/messages/${ticket.id}`,
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const response = await route.fetch();
        await answerHeld;
        await route.fulfill({ response });
      },
    );
    await page.getByTestId('message-input').fill('Saiu para entrega hoje');
    await page.getByTestId('message-input').press('Enter');
    const bubble = page.getByTestId('ticket-chat').locator('[data-from-me="true"]').filter({ hasText: 'Saiu para entrega hoje' });
    await bubble.getByTestId('ack-sent').waitFor();
    expect((await sandbox.outbox()).find((message) => message.body === 'Saiu para entrega hoje')).toMatchObject({ ack: 1 });
    releaseAnswer();
    // the input clears once the answer has been applied
    await expect.poll(() => page.getByTestId('message-input').inputValue()).toBe('');
    expect(await bubble.getByTestId('ack-sent').count()).toBe(1);
    expect(await bubble.getByTestId('ack-pending').count()).toBe(0);

    // the customer's phone reports delivered, then read
    const outbound = (await sandbox.outbox()).find((message) => message.body === 'Saiu para entrega hoje') as { providerMessageId: string };
    await admin.call('POST', `/sandbox/${sandbox.id}/acks`, { providerMessageId: outbound.providerMessageId, ack: 2 });
    await bubble.getByTestId('ack-delivered').waitFor();
    await admin.call('POST', `/sandbox/${sandbox.id}/acks`, { providerMessageId: outbound.providerMessageId, ack: 3 });
    await bubble.getByTestId('ack-read').waitFor();
    await page.context().close();
  });

  it('the composer gives the text box the room at 1440 px with its placeholder on one line, and folds its tools into a menu in a narrow chat (01-core §2 Message input)', async () => {
    const page = await openPage('/tickets');
    await openChatOf(page, '5511966660020', 'Fabi Composer', 'Oi, tudo bem?');
    const composer = page.getByTestId('message-input-box');
    const layout = () =>
      page.evaluate(() => {
        const row = document.querySelector('[data-testid="message-composer-row"]') as HTMLElement;
        const input = document.querySelector('[data-testid="message-input"]') as HTMLTextAreaElement;
        const box = input.closest('.MuiOutlinedInput-root') as HTMLElement;
        return {
          row: row.getBoundingClientRect().width,
          textBox: box.getBoundingClientRect().width,
          inputHeight: input.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(input).lineHeight),
          placeholder: input.placeholder,
        };
      });
    const wide = await layout();
    expect(wide.placeholder).toBe('Digite uma mensagem');
    expect(wide.textBox).toBeGreaterThanOrEqual(320);
    expect(wide.textBox).toBeGreaterThan(wide.row / 2);
    // one line of placeholder: the auto-sized text area is one line tall
    expect(wide.inputHeight).toBeLessThan(wide.lineHeight * 1.5);
    await composer.screenshot({ path: resolve(screenshots, 'composer-1440.png') });

    // a narrower window narrows the chat (the contact drawer lies over a chat it would squeeze
    // instead, issue 35 point 3): the text box takes a line of its own, the tools that do not fit
    // the line below fold into the menu
    await page.setViewportSize({ width: 1150, height: 900 });
    await expect.poll(() => composer.getAttribute('data-stacked')).toBe('true');
    const narrow = await layout();
    expect(narrow.row).toBeLessThan(wide.row / 2 + 50);
    expect(narrow.textBox).toBeGreaterThanOrEqual(narrow.row - 1);
    expect(narrow.inputHeight).toBeLessThan(narrow.lineHeight * 1.5);
    await page.getByTestId('message-tools-menu').waitFor();
    await composer.screenshot({ path: resolve(screenshots, 'composer-narrow.png') });
    // the signature toggle, last of the tools, is in the menu: checked there, and shown on the menu button
    await page.getByTestId('message-tools-menu').click();
    const signItem = page.getByRole('menu').getByTestId('message-sign-toggle');
    await signItem.waitFor();
    expect(await signItem.getAttribute('aria-checked')).toBe('false');
    await signItem.click();
    await expect.poll(() => page.getByTestId('message-tools-menu').evaluate((button) => button.className)).toContain('colorPrimary');
    await page.getByTestId('message-tools-menu').click();
    expect(await page.getByRole('menu').getByTestId('message-sign-toggle').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await page.context().close();

    // a wide chat keeps every tool on the row
    const wider = await openPage('/tickets', { width: 1920, height: 1000 });
    await wider.goto(`${server.url}/tickets/${(await ticketOf('Fabi Composer')).uuid}`);
    await wider.getByTestId('message-attach').waitFor();
    expect(await wider.getByTestId('message-tools-menu').count()).toBe(0);
    await wider.context().close();
  });

  it('/users shows the signed-in users online, live (01-core §3 User online flag)', async () => {
    const page = await openPage('/users');
    const userRow = (id: number) => page.locator(`[data-testid="users-row"][data-user-id="${id}"]`);
    await expect.poll(() => userRow(admin.userId).textContent()).toContain('Online');
    const ana = await apiAs(server.url, ANA.email, ANA.password);
    await expect.poll(() => userRow(ana.userId).textContent()).toContain('Offline');
    const anaPage = await openPage('/tickets', { email: ANA.email, password: ANA.password });
    await expect.poll(() => userRow(ana.userId).textContent()).toContain('Online');
    await anaPage.context().close();
    await expect.poll(() => userRow(ana.userId).textContent()).toContain('Offline');
    await page.context().close();
  });

  it('a chat open on screen reads what arrives: no unread count in the list, the bell or the server (01-core §4 Unread handling)', async () => {
    const page = await openPage('/tickets');
    const ticket = await openChatOf(page, '5511966660030', 'Gabi Unread', 'Primeira pergunta');
    await expect.poll(() => notificationIds(page)).not.toContain(ticket.id);
    await page.keyboard.press('Escape');
    await sandbox.inbound('5511966660030', 'Gabi Unread', 'Segunda pergunta');
    await page.getByTestId('ticket-chat').getByText('Segunda pergunta').waitFor();
    await expect.poll(async () => (await ticketOf('Gabi Unread')).unreadMessages).toBe(0);
    await expect.poll(() => row(page, 'Gabi Unread').getByTestId('ticket-row-unread').count()).toBe(0);
    await expect.poll(() => notificationIds(page)).not.toContain(ticket.id);
    await page.keyboard.press('Escape');
    // the messages are read too, as opening the chat would have left them
    const { messages } = await admin.call<MessagesPage>('GET', `/messages/${ticket.id}`);
    expect(messages.filter((message) => !message.fromMe).every((message) => message.read)).toBe(true);
    await page.context().close();
  });

  it('the dark theme shows the active tab label readable on its background (issue 11)', async () => {
    const page = await openPage('/tickets', { colorScheme: 'dark' });
    const selected = page.getByTestId('ticket-list-panel').locator('[role="tab"][aria-selected="true"]');
    await selected.waitFor();
    const contrast = await selected.evaluate((tab) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const linear = (channel: number) => {
          const c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
      };
      let node: HTMLElement | null = tab;
      while (node && rgb(getComputedStyle(node).backgroundColor)[3] === 0) node = node.parentElement;
      const background = rgb(node ? getComputedStyle(node).backgroundColor : 'rgb(0, 0, 0)');
      const [light, dark] = [luminance(rgb(getComputedStyle(tab).color)), luminance(background)].sort((a, b) => b - a);
      return (light + 0.05) / (dark + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });

  it('the side menu brings the active item into sight in a short window (01-core §2 App shell)', async () => {
    const page = await openPage('/settings', { height: 560 });
    await page.getByTestId('settings-page').waitFor();
    const item = page.getByTestId('menu-settings');
    await expect
      .poll(() =>
        item.evaluate((element) => {
          const list = element.closest('nav')?.parentElement as HTMLElement;
          const [box, view] = [element.getBoundingClientRect(), list.getBoundingClientRect()];
          // scrolled to the nearest edge, give or take a sub-pixel
          return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
        }),
      )
      .toBe(true);
    await page.context().close();
  });
});
