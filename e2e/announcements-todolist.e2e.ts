import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const ANA = { name: 'Ana Leitora', email: 'ana-reader@e2e.test', password: 'ana-password' };

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

// a 40×20 blue PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAMElEQVRIiWMwTvs/IIhh1OK00aA2Hk1c/0ezU9poAWI8WmT+H60k0karxf/Dv1oEAEr7+z2KJAFEAAAAAElFTkSuQmCC',
  'base64',
);

const badgeText = (page: Page, testId: string) => page.getByTestId(testId).locator('.MuiBadge-badge').textContent();

describe('announcements (02-operations §2, §7 Announcements; 01-core §2 Announcements popover)', () => {
  it('the super user writes one with an image; another user sees the count arrive live and opens it from the popover', async () => {
    const superPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const reader = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(superPage, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await signIn(reader, server.url, ANA.email, ANA.password);
    await reader.getByTestId('announcements-button').waitFor();
    // a user without the super flag has no announcements item
    await reader.getByTestId('menu-tickets').waitFor();
    expect(await reader.getByTestId('menu-announcements').count()).toBe(0);

    await superPage.getByTestId('menu-announcements').click();
    await superPage.getByTestId('announcements-add').click();
    await superPage.getByTestId('announcement-save').click();
    await superPage.getByText('Obrigatório').first().waitFor();
    await superPage.getByTestId('announcement-title').fill('Manutenção programada');
    await superPage.getByTestId('announcement-text').fill('O sistema para no sábado às 22h.');
    await superPage.getByTestId('announcement-file').setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: PNG });
    await superPage.getByTestId('announcement-save').click();
    await superPage.getByTestId('announcements-row').filter({ hasText: 'Manutenção programada' }).filter({ hasText: 'aviso.png' }).waitFor();

    // live on the reader's app bar, with the priority's colour bar (3, low: grey)
    await expect.poll(() => badgeText(reader, 'announcements-badge')).toBe('1');
    await reader.getByTestId('announcements-button').click();
    const item = reader.getByTestId('announcements-popover').getByText('Manutenção programada');
    await item.waitFor();
    const bar = reader.getByTestId('announcement-priority-bar').first();
    expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(158, 158, 158)');
    await item.click();
    await reader.getByTestId('announcement-dialog').getByText('O sistema para no sábado às 22h.').waitFor();
    await expect.poll(() => reader.getByTestId('announcement-image').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(40);
    await reader.getByTestId('announcement-close').click();
    // seen: the count is gone
    await expect.poll(() => reader.getByTestId('announcements-badge').locator('.MuiBadge-invisible').count()).toBe(1);
  });
});

describe('to-do list (03-saas §2)', () => {
  it('adds, edits with Salvar and deletes tasks kept in the browser under tasks; blank text is ignored', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ANA.email, ANA.password);
    await page.getByTestId('menu-todolist').click();
    await page.getByTestId('todo-empty').waitFor();

    await page.getByTestId('todo-input').fill('   ');
    await page.getByTestId('todo-submit').click();
    await page.getByTestId('todo-empty').waitFor();

    await page.getByTestId('todo-input').fill('Ligar para o cliente');
    await page.getByTestId('todo-submit').click();
    await page.getByTestId('todo-input').fill('Revisar tickets');
    await page.getByTestId('todo-input').press('Enter');
    await expect.poll(() => page.getByTestId('todo-item').count()).toBe(2);

    await page.getByTestId('todo-item').first().getByTestId('todo-edit').click();
    await expect.poll(() => page.getByTestId('todo-submit').textContent()).toBe('Salvar');
    await page.getByTestId('todo-input').fill('Ligar para o cliente às 10h');
    await page.getByTestId('todo-submit').click();
    await page.getByTestId('todo-item').filter({ hasText: 'Ligar para o cliente às 10h' }).waitFor();

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('tasks'))) ?? '[]') as { text: string; createdAt: string; updatedAt: string }[];
    expect(stored.map((task) => task.text)).toEqual(['Ligar para o cliente às 10h', 'Revisar tickets']);
    expect(stored[0].updatedAt >= stored[0].createdAt).toBe(true);

    // kept across a reload, with no server behind it
    await page.reload();
    await expect.poll(() => page.getByTestId('todo-item').count()).toBe(2);
    await page.getByTestId('todo-item').filter({ hasText: 'Revisar tickets' }).getByTestId('todo-delete').click();
    await expect.poll(() => page.getByTestId('todo-item').count()).toBe(1);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('tasks'))) ?? '[]')).toHaveLength(1);
    await page.close();
  });
});
