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

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

const signIn = async (page: Page) => {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-bar').waitFor();
};

// The page's own API call with its own sign-in's token.
const callAsPage = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: response.status === 204 ? null : await response.json() };
    },
    { method, path, body },
  );

describe('sessions in the browser (issue 38 point 5)', () => {
  it('issue 38 point 5: with singleSession disabled two browsers stay signed in; the first ends the second from the Security page, which is sent to the login saying why', async () => {
    const first = await browser.newContext();
    const firstPage = await first.newPage();
    await signIn(firstPage);
    // the company allows several sessions per user (the settings screen's toggle)
    await firstPage.goto(`${server.url}/settings`);
    await firstPage.getByTestId('setting-singleSession').getByRole('combobox').click();
    await firstPage.getByTestId('setting-singleSession-disabled').click();
    await expect.poll(() => firstPage.getByTestId('setting-singleSession').getAttribute('data-value')).toBe('disabled');

    const second = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS });
    const secondPage = await second.newPage();
    await signIn(secondPage);
    // the second browser's socket is connected once a live change reaches its users list
    await secondPage.goto(`${server.url}/users`);
    const me = await callAsPage(firstPage, 'GET', '/auth/me');
    const renamed = await callAsPage(firstPage, 'PUT', `/users/${me.body.id}`, { name: 'Renamed Admin', email: ADMIN_EMAIL });
    expect(renamed.status).toBe(200);
    await secondPage.getByText('Renamed Admin').first().waitFor();

    // the first sees both sign-ins on its Security page and ends the other one
    await firstPage.getByTestId('user-menu-button').click();
    await firstPage.getByTestId('user-menu-security').click();
    await firstPage.waitForURL(/\/security$/);
    const rows = firstPage.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    const other = firstPage.locator('[data-testid="session-row"][data-current="no"]');
    expect(await other.textContent()).toContain('Firefox em Windows');
    expect(await firstPage.locator('[data-testid="session-row"][data-current="yes"]').getByTestId('session-this-device').count()).toBe(1);
    await other.getByTestId('session-end').click();
    await firstPage.getByTestId('confirm-ok').click();
    await expect.poll(() => rows.count()).toBe(1);

    // the second is told, loses its sign-in and lands on the login page, which says why
    await secondPage.waitForURL(/\/login$/);
    const notice = secondPage.getByTestId('login-signed-out-elsewhere');
    await notice.waitFor();
    expect(await notice.getAttribute('data-reason')).toBe('endedElsewhere');
    expect(await secondPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // the first stays signed in
    await firstPage.reload();
    await firstPage.getByTestId('security-sessions').waitFor();
    await first.close();
    await second.close();
  });
});
