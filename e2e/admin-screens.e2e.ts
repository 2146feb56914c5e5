import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const signIn = async (page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-bar').waitFor();
};

describe('queues and connections screens (02-operations §2)', () => {
  it('creates a queue with a chatbot option, refuses a repeated colour, and links a sandbox connection', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/queues`);
    await page.getByTestId('queues-table').waitFor();

    // a new queue; the dialog stays open in edit mode for its chatbot options
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-modal').waitFor();
    await page.getByTestId('queue-name').fill('Suporte');
    await page.getByTestId('queue-color').fill('#123456');
    await page.getByTestId('queue-greeting').fill('Bem-vindo ao suporte');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-chatbot-add').click();
    await page.getByTestId('queue-chatbot-name').fill('abc');
    await page.getByTestId('queue-chatbot-save').click();
    await page.getByText('Muito curto!').first().waitFor();
    await page.getByTestId('queue-chatbot-name').fill('Financeiro');
    await page.getByTestId('queue-chatbot-greeting').fill('Fale com o financeiro');
    await page.getByTestId('queue-chatbot-save').click();
    await page.getByTestId('toast-success').filter({ hasText: 'Bot salvo com sucesso' }).first().waitFor();
    await page.locator('[data-testid="queue-chatbot-option"][data-saved="true"]').waitFor();
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-modal').waitFor({ state: 'detached' });
    await page.getByTestId('queues-row').filter({ hasText: 'Suporte' }).waitFor();

    // the option is there when the queue is opened again
    await page.getByTestId('queues-row').filter({ hasText: 'Suporte' }).getByTestId('queues-edit').click();
    await expect.poll(() => page.getByTestId('queue-chatbot-name').inputValue()).toBe('Financeiro');

    // issue 35 point 9: an option typed but not saved stops the queue's save with a warning
    await page.getByTestId('queue-chatbot-add').click();
    await page.getByTestId('queue-chatbot-name').nth(1).fill('Vendas online');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-unsaved-options').waitFor();
    expect(await page.getByTestId('queue-modal').isVisible()).toBe(true);
    await page.getByTestId('queue-chatbot-save').nth(1).click();
    await page.locator('[data-testid="queue-chatbot-option"][data-saved="true"][data-unsaved="false"]').nth(1).waitFor();
    await page.getByTestId('queue-unsaved-options').waitFor({ state: 'detached' });
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-modal').waitFor({ state: 'detached' });
    await page.getByTestId('queues-row').filter({ hasText: 'Suporte' }).getByTestId('queues-edit').click();
    await expect.poll(() => page.getByTestId('queue-chatbot-name').nth(1).inputValue()).toBe('Vendas online');
    await page.getByTestId('queue-cancel').click();
    await page.getByTestId('queue-modal').waitFor({ state: 'detached' });

    // same colour: the translated error toast
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-name').fill('Vendas');
    await page.getByTestId('queue-color').fill('#123456');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('toast-error').first().waitFor();
    await page.getByTestId('toast-error').filter({ hasText: 'Esta cor já está em uso' }).first().waitFor();
    await page.getByTestId('queue-cancel').click();

    // a sandbox connection with that queue
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-table').waitFor();
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connections-add-sandbox').click();
    await page.getByTestId('connection-modal').waitFor();
    await page.getByTestId('connection-name').fill('Sandbox E2E');
    await page.getByTestId('connection-queues').locator('[role="combobox"]').click();
    await page.locator('[data-testid^="connection-queues-option-"]').filter({ hasText: 'Suporte' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-token-regenerate').click();
    await expect.poll(() => page.getByTestId('connection-token').inputValue()).toMatch(/^[A-Za-z0-9]{30}$/);
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-modal').waitFor({ state: 'detached' });
    const row = page.getByTestId('connections-row').filter({ hasText: 'Sandbox E2E' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/\d\d\/\d\d\/\d\d \d\d:\d\d/);

    // the queue is linked
    await row.getByTestId('connections-edit').click();
    await page.getByTestId('connection-queues').getByText('Suporte').waitFor();
    await page.close();
  });

  it('connection dialog: every tab saves, a refused field opens its tab, schedules with scheduleType connection (02-operations §2, §3, §5)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    const call = (method: string, path: string, body?: unknown) =>
      page.evaluate(
        async ({ method, path, body }) => {
          const response = await fetch(path, {
            method,
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: response.status, body: await response.json().catch(() => null) };
        },
        { method, path, body },
      );
    expect((await call('PUT', '/companySettings', { column: 'scheduleType', data: 'connection' })).status).toBe(200);
    const queue = await call('POST', '/queue', { name: 'Redirecionamento', color: '#654321' });
    expect(queue.status).toBe(201);
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-table').waitFor();
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connections-add-sandbox').click();
    await page.getByTestId('connection-name').fill('Abas E2E');

    // a vacation message without its dates is refused on the messages tab
    await page.getByTestId('connection-tab-messages').click();
    await page.getByTestId('connection-vacation-message').fill('Estamos em férias coletivas');
    await page.getByTestId('connection-tab-general').click();
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-vacation-start').waitFor({ state: 'visible' });
    await page.getByText('Obrigatório').first().waitFor();
    await page.getByTestId('connection-vacation-start').fill('2099-01-02');
    await page.getByTestId('connection-vacation-end').fill('2099-01-20');

    // a redirect time without a redirect queue is refused on the chatbot tab
    await page.getByTestId('connection-tab-chatbot').click();
    await page.getByTestId('connection-time-send-queue').fill('5');
    await page.getByTestId('connection-tab-nps').click();
    await page.getByTestId('connection-rating-message').fill('Dê uma nota de 0 a 10');
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-send-queue').waitFor({ state: 'visible' });
    await page.getByText('Os dois campos precisam estar preenchidos').waitFor();
    await page.getByTestId('connection-send-queue').locator('[role="combobox"]').click();
    await page.getByTestId(`connection-send-queue-option-${queue.body.id}`).click();
    await page.getByTestId('connection-expires-ticket').fill('30');
    await page.getByTestId('connection-when-expires').locator('[role="combobox"]').click();
    await page.getByRole('option', { name: 'Do cliente' }).click();

    await page.getByTestId('connection-tab-schedules').click();
    await page.getByTestId('connection-schedule-monday-startTimeA').fill('09:00');
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-modal').waitFor({ state: 'detached' });

    const list = await call('GET', '/whatsapp');
    const saved = (list.body as { id: number; name: string }[]).find((row) => row.name === 'Abas E2E');
    const stored = (await call('GET', `/whatsapp/${saved?.id}`)).body;
    expect(stored).toMatchObject({
      collectiveVacationMessage: 'Estamos em férias coletivas',
      timeSendQueue: 5,
      sendIdQueue: queue.body.id,
      expiresTicket: 30,
      whenExpiresTicket: '1',
      ratingMessage: 'Dê uma nota de 0 a 10',
    });
    expect(stored.collectiveVacationStart).toMatch(/^2099-01-02/);
    expect(stored.schedules.find((day: { weekdayEn: string }) => day.weekdayEn === 'monday')).toMatchObject({ startTimeA: '09:00', endTimeA: '12:00' });

    // reopened, the fields show what was saved
    await page.getByTestId('connections-row').filter({ hasText: 'Abas E2E' }).getByTestId('connections-edit').click();
    await page.getByTestId('connection-tab-chatbot').click();
    await expect.poll(() => page.getByTestId('connection-expires-ticket').inputValue()).toBe('30');
    await page.close();
  });

  it('the connections menu item shows a badge while a connection is not connected (01-core §2)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.getByTestId('menu-connections').waitFor();
    const created = await page.evaluate(async () => {
      const response = await fetch('/whatsapp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
        body: JSON.stringify({ name: 'Página sem sessão', channel: 'facebook' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(created.status).toBe(201);
    expect(created.body.status).not.toBe('CONNECTED');
    await page.getByTestId('menu-connections-attention').waitFor();
    const removed = await page.evaluate(async (id) => {
      const response = await fetch(`/whatsapp/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
      return response.status;
    }, created.body.id as number);
    expect(removed).toBeLessThan(300);
    await page.getByTestId('menu-connections-attention').waitFor({ state: 'detached' });
    await page.close();
  });

  it('a user with the user profile sees the no-permission view on /queues', async () => {
    const admin = await browser.newPage();
    await signIn(admin);
    const status = await admin.evaluate(async () => {
      const response = await fetch('/users', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
        body: JSON.stringify({ name: 'Plain User', email: 'plain@e2e.test', password: 'plain-pass', profile: 'user' }),
      });
      return response.status;
    });
    expect(status).toBe(201);
    await admin.close();
    const page = await browser.newPage();
    await signIn(page, 'plain@e2e.test', 'plain-pass');
    await page.goto(`${server.url}/queues`);
    await page.getByTestId('access-denied').waitFor();
    expect(await page.getByTestId('queues-table').count()).toBe(0);
    await page.close();
  });
});
