import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const ANA = { name: 'Ana Atendente', email: 'ana@e2e.test', password: 'ana-password' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.call('POST', '/users', { ...ANA, profile: 'user' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const badge = (page: Page, testId: string) => page.getByTestId(testId).locator('.MuiBadge-badge');

describe('internal chat between two users (02-operations §2, §7 Internal chat; 01-core §2)', () => {
  it('the owner starts a chat; the other user sees the unread count arrive live, reads it, and answers', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const anaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    const ana = await anaContext.newPage();
    await signIn(admin, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await signIn(ana, server.url, ANA.email, ANA.password);
    await ana.goto(`${server.url}/tickets`);
    await ana.getByTestId('chats-button').waitFor();

    // the admin opens a chat with Ana from the chats screen
    await admin.getByTestId('menu-chats').click();
    await admin.getByTestId('chats-add').click();
    await admin.getByTestId('chat-save').click();
    await admin.getByText('Obrigatório').first().waitFor();
    await admin.getByTestId('chat-title').fill('Plantão de sábado');
    await admin.getByTestId('chat-users').click();
    await admin.getByRole('option', { name: ANA.name }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('chat-save').click();
    await admin.getByTestId('chat-dialog').waitFor({ state: 'detached' });
    await admin.getByTestId('chat-open-title').filter({ hasText: 'Plantão de sábado' }).waitFor();
    await admin.getByTestId('chat-input').fill('Bom dia, Ana!');
    await admin.getByTestId('chat-send').click();
    await admin.getByTestId('chat-message').filter({ hasText: 'Bom dia, Ana!' }).waitFor();

    // Ana, on another screen, gets the unread count and the menu's dot live
    await expect.poll(() => badge(ana, 'chats-badge').textContent()).toBe('1');
    await ana.getByTestId('menu-chats-attention').waitFor();

    // through the popover to the chat: reading it clears the count
    await ana.getByTestId('chats-button').click();
    await ana.getByTestId('chats-popover').getByText('Plantão de sábado').click();
    await ana.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    await ana.getByTestId('chat-message').filter({ hasText: 'Bom dia, Ana!' }).waitFor();
    await expect.poll(() => badge(ana, 'chats-badge').isVisible()).toBe(false);
    await ana.getByTestId('menu-chats-attention').waitFor({ state: 'detached' });

    // Ana answers; the admin, still in the chat, sees it at once and it is read there too
    await ana.getByTestId('chat-input').fill('Bom dia! Estou a postos.');
    await ana.getByTestId('chat-input').press('Enter');
    await admin.getByTestId('chat-message').filter({ hasText: 'Estou a postos' }).waitFor();

    // the admin leaves the chat screen: the next message counts as unread for the admin
    await admin.goto(`${server.url}/tickets`);
    await admin.getByTestId('chats-button').waitFor();
    await ana.getByTestId('chat-input').fill('Qualquer coisa me chame.');
    await ana.getByTestId('chat-send').click();
    await expect.poll(() => badge(admin, 'chats-badge').textContent()).toBe('1');

    // only the owner may edit or delete
    await ana.getByTestId('chat-1-edit').waitFor({ state: 'detached' });
    await admin.goto(`${server.url}/chats`);
    await admin.getByTestId('chat-1-delete').click();
    await admin.getByTestId('confirm-ok').click();
    await ana.getByTestId('chat-1').waitFor({ state: 'detached' });

    await adminContext.close();
    await anaContext.close();
  });

  it('narrow screens show the tabs Chats and Messages (02-operations §2)', async () => {
    const admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const users = await admin.call<{ id: number; name: string }[]>('GET', '/users/list');
    const ana = users.find((user) => user.name === ANA.name);
    const chat = await admin.call<{ uuid: string }>('POST', '/chats', { title: 'Celular', users: [ana?.id] });
    const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/chats`);
    await page.getByTestId('chats-tab-chats').waitFor();
    await page.getByText('Celular').click();
    await page.getByTestId('chat-open-title').filter({ hasText: 'Celular' }).waitFor();
    await page.getByTestId('chats-tab-chats').click();
    await page.getByTestId('chats-add').waitFor();
    await page.getByTestId('chats-tab-messages').click();
    await page.getByTestId('chat-input').waitFor();
    expect(page.url()).toContain(chat.uuid);
    await page.close();
  });
});
