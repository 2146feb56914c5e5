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

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-bar').waitFor();
};

describe('users page (01-core §5 User form, §7 users calls)', () => {
  it('shows the form errors, then creates a user who can sign in and sees no admin menu (01-core §6)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/users`);
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-modal').waitFor();
    await page.getByTestId('user-name').fill('A');
    await page.getByTestId('user-email').fill('not-an-email');
    await page.getByTestId('user-save').click();
    await page.getByText('Muito curto!').first().waitFor();
    await page.getByText('Email inválido').first().waitFor();

    await page.getByTestId('user-name').fill('Bruna Attendant');
    await page.getByTestId('user-email').fill('bruna@e2e.test');
    await page.getByTestId('user-password').fill('bruna-pass');
    await page.getByTestId('user-save').click();
    await page.getByTestId('user-modal').waitFor({ state: 'detached' });
    await page.getByText('bruna@e2e.test').waitFor();

    const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(other, 'bruna@e2e.test', 'bruna-pass');
    await other.getByTestId('menu-tickets').first().waitFor();
    expect(await other.getByTestId('menu-users').count()).toBe(0);
    await other.goto(`${server.url}/`);
    await other.getByTestId('access-denied').waitFor();
    await other.close();
    await page.close();
  });
});
