import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const screenshots = new URL('./screenshots/', import.meta.url).pathname;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
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
};

const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('web shell (01-core §2 App shell, §4 Session)', () => {
  it('a visitor is sent to /login; the seeded super admin signs in and sees the shell', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/users`);
    await page.waitForURL(/\/login$/);
    await expect(page.getByTestId('login-signup-link').count()).resolves.toBe(0);
    await signIn(page);
    await page.getByTestId('app-bar').waitFor();
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain('Admin');
    await page.getByTestId('drawer').waitFor();
    for (const item of ['menu-tickets', 'menu-users', 'menu-companies', 'menu-settings']) {
      await page.getByTestId(item).first().waitFor();
    }
    await expect(page.getByTestId('app-version').textContent()).resolves.toContain('2.0.4-v3');
    await page.screenshot({ path: `${screenshots}shell-light.png` });
    await page.close();
  });

  it('switches between light and dark themes and remembers the choice', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    await signIn(page);
    await page.getByTestId('app-bar').waitFor();
    const before = await backgroundOf(page);
    await page.getByTestId('theme-toggle').first().click();
    await expect.poll(() => backgroundOf(page)).not.toBe(before);
    const after = await backgroundOf(page);
    await expect(page.evaluate(() => localStorage.getItem('preferredTheme'))).resolves.toMatch(/light|dark/);
    await page.screenshot({ path: `${screenshots}shell-dark.png` });
    await page.reload();
    await page.getByTestId('app-bar').waitFor();
    await expect.poll(() => backgroundOf(page)).toBe(after);
    await page.close();
  });

  it('signs out and lands on /login; private pages are closed again', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page);
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${server.url}/users`);
    await page.waitForURL(/\/login$/);
    await page.close();
  });

  it('a wrong password shows the translated credentials error and stays on /login (01-core §8)', async () => {
    const page = await browser.newPage();
    await signIn(page, ADMIN_EMAIL, 'wrong-password');
    await page.getByTestId('toast-error').first().waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await page.close();
  });
});
