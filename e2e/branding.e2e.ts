// Whitelabel and helps journeys (03-saas §2 Whitelabel tab, Helps tab, Help page): the super admin
// changes the branding and other browsers — another user's shell and the login page — follow it
// live; the super admin keeps the help videos and everyone watches them in a modal.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const agent = { email: 'agent@branding.test', password: 'agent-password' };

// a 4×4 PNG, red
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWN4amkKRwzEcQAyMhUx5faNNwAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.call('POST', '/users', { name: 'Agente Marca', email: agent.email, password: agent.password, profile: 'user' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newPage = async () => (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
const appBarColour = (page: Page) => page.getByTestId('app-bar').evaluate((bar) => getComputedStyle(bar).backgroundColor);
const favicon = (page: Page) => page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '');

const openSettingsTab = async (page: Page, tab: 'whitelabel' | 'helps') => {
  await page.goto(`${server.url}/settings`);
  await page.getByTestId('settings-page').waitFor();
  await page.getByTestId(`settings-tab-${tab}`).click();
  await page.getByTestId(`${tab}-tab`).waitFor();
};

describe('whitelabel (03-saas §2 Whitelabel tab, §3 Global settings)', () => {
  it('the super admin changes colour, app name, logo and favicon; another user and the login page show them live', async () => {
    const admin = await newPage();
    await signIn(admin, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const other = await newPage();
    await signIn(other, server.url, agent.email, agent.password);
    const login = await newPage();
    await login.goto(`${server.url}/login`);
    await login.getByTestId('login-email').waitFor();

    // the §3 fallbacks before anything is set: the stored default colour, the name 'O Plano'
    await expect.poll(() => other.title()).toContain('O Plano');
    await expect.poll(() => login.getByTestId('app-name').textContent()).toBe('O Plano');
    await expect.poll(() => appBarColour(other)).toBe('rgb(6, 81, 131)');

    await openSettingsTab(admin, 'whitelabel');
    await admin.getByTestId('whitelabel-appName').fill('Marca Nova');
    await admin.getByTestId('whitelabel-primaryColorLight').fill('#8E24AA');
    await admin.getByTestId('whitelabel-save').click();
    await admin.getByTestId('toast-success').filter({ hasText: 'Operação atualizada com sucesso.' }).first().waitFor();

    // live, with no reload: the other user's shell (app bar, theme, tab title) and the login page
    await expect.poll(() => appBarColour(other)).toBe('rgb(142, 36, 170)');
    await expect.poll(() => other.getByTestId('app-bar-logo').textContent()).toBe('Marca Nova');
    await expect.poll(() => other.title()).toContain('Marca Nova');
    await expect.poll(() => login.getByTestId('app-name').textContent()).toBe('Marca Nova');
    await expect.poll(() => login.title()).toBe('Marca Nova');
    await expect.poll(() => login.getByTestId('login-submit').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(142, 36, 170)');

    // a logo and a favicon, uploaded with their kind and mode
    await admin.getByTestId('whitelabel-appLogoLight-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await admin.getByTestId('whitelabel-appLogoLight-preview').waitFor();
    await admin.getByTestId('whitelabel-appLogoFavicon-input').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
    await admin.getByTestId('whitelabel-appLogoFavicon-preview').waitFor();
    for (const page of [other, login]) {
      await expect.poll(() => page.getByTestId('app-logo').getAttribute('src')).toMatch(/^\/public\/branding\/[0-9a-f-]{36}\.png$/);
      await expect.poll(() => favicon(page)).toMatch(/\/public\/branding\/[0-9a-f-]{36}\.png$/);
    }
    // a login-enter image shows beside the login form
    await admin.getByTestId('whitelabel-loginEnterImage-input').setInputFiles({ name: 'side.png', mimeType: 'image/png', buffer: PNG });
    await login.getByTestId('login-side-image').waitFor();

    // and on the next load
    const later = await newPage();
    await later.goto(`${server.url}/login`);
    await expect.poll(() => later.getByTestId('app-logo').getAttribute('alt')).toBe('Marca Nova');
    await expect.poll(() => later.title()).toBe('Marca Nova');

    // a company user has no whitelabel or helps tab
    await other.goto(`${server.url}/settings`);
    expect(await other.getByTestId('settings-tab-whitelabel').count()).toBe(0);
  });
});

describe('helps (03-saas §2 Helps tab, Help page)', () => {
  it('the super admin adds, edits and deletes a help; the menu item shows only while the list has one; the video modal closes with Escape', async () => {
    const admin = await newPage();
    await signIn(admin, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await admin.getByTestId('menu-helps').count()).toBe(0);

    await openSettingsTab(admin, 'helps');
    await admin.getByTestId('help-add').click();
    await admin.getByTestId('help-save').click();
    await admin.getByText('Obrigatório').first().waitFor();
    await admin.getByTestId('help-title').fill('Primeiros passos');
    await admin.getByTestId('help-video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await admin.getByTestId('help-description').fill('Como atender o primeiro ticket');
    await admin.getByTestId('help-save').click();
    await admin.getByTestId('help-form-dialog').waitFor({ state: 'detached' });
    await admin.getByTestId('help-row').filter({ hasText: 'dQw4w9WgXcQ' }).waitFor();

    await admin.getByTestId('help-row').filter({ hasText: 'Primeiros passos' }).getByTestId('help-edit').click();
    await admin.getByTestId('help-title').fill('Primeiros passos no atendimento');
    await admin.getByTestId('help-save').click();
    await admin.getByTestId('help-row').filter({ hasText: 'Primeiros passos no atendimento' }).waitFor();

    // the menu item appears for another user once the list is not empty
    const other = await newPage();
    await signIn(other, server.url, agent.email, agent.password);
    await other.getByTestId('menu-helps').click();
    await other.getByTestId('helps-page').waitFor();
    await other.getByTestId('help-card').filter({ hasText: 'Primeiros passos no atendimento' }).click();
    const frame = other.getByTestId('help-video-frame');
    await expect.poll(() => frame.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(await frame.getAttribute('title')).toBe('Primeiros passos no atendimento');
    await other.keyboard.press('Escape');
    await other.getByTestId('help-video-modal').waitFor({ state: 'detached' });

    await admin.getByTestId('help-row').filter({ hasText: 'Primeiros passos' }).getByTestId('help-delete').click();
    await admin.getByTestId('confirm-dialog').getByText('Deseja realmente excluir esse registro?').waitFor();
    await admin.getByTestId('confirm-ok').click();
    await admin.getByTestId('help-row').first().waitFor({ state: 'detached' });
    await admin.reload();
    await admin.getByTestId('settings-page').waitFor();
    expect(await admin.getByTestId('menu-helps').count()).toBe(0);
  });
});
