import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn } from './helpers/attendance.ts';
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

describe('sessions in the browser (issue 38 point 5)', () => {
  it('issue 38 point 5: with singleSession disabled two browsers stay signed in; the first ends the second from the Security page, which is sent to the login saying why', async () => {
    const first = await browser.newContext();
    const firstPage = await first.newPage();
    await signIn(firstPage, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    // the company allows several sessions per user (the settings screen's toggle)
    await firstPage.goto(`${server.url}/settings`);
    await firstPage.getByTestId('setting-singleSession').getByRole('combobox').click();
    await firstPage.getByTestId('setting-singleSession-disabled').click();
    await expect.poll(() => firstPage.getByTestId('setting-singleSession').getAttribute('data-value')).toBe('disabled');

    const second = await browser.newContext({ userAgent: FIREFOX_ON_WINDOWS });
    const secondPage = await second.newPage();
    await signIn(secondPage, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    // the second browser's socket is connected once a live change reaches its users list (the
    // change made with the second's own sign-in, which adds no third one)
    await secondPage.goto(`${server.url}/users`);
    const api = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await api.call('PUT', `/users/${api.userId}`, { name: 'Renamed Admin', email: ADMIN_EMAIL });
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

  it("issue 38 point 5: an admin ends every session of an attendant from the users page; the attendant's tab lands on the login, told an administrator did it", async () => {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const api = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const leaving = { name: 'Leaving Attendant', email: 'leaving@e2e.test', password: 'leaving-pass-1' };
    const created = await api.call<{ id: number }>('POST', '/users', { ...leaving, profile: 'user' });

    const attendantContext = await browser.newContext();
    const attendantPage = await attendantContext.newPage();
    await signIn(attendantPage, server.url, leaving.email, leaving.password);
    // the attendant's socket is connected once its own rename reaches its greeting
    await api.call('PUT', `/users/${created.id}`, { name: 'Leaving Soon', email: leaving.email });
    await attendantPage.getByTestId('greeting').getByText('Leaving Soon').waitFor();

    await adminPage.goto(`${server.url}/users`);
    const row = adminPage.locator(`[data-testid="users-row"][data-user-id="${created.id}"]`);
    await row.getByTestId('users-end-sessions').click();
    await adminPage.getByTestId('confirm-ok').click();

    await attendantPage.waitForURL(/\/login$/);
    const notice = attendantPage.getByTestId('login-signed-out-elsewhere');
    await notice.waitFor();
    expect(await notice.getAttribute('data-reason')).toBe('endedByAdmin');
    // the admin goes on
    await adminPage.reload();
    await row.waitFor();
    await adminContext.close();
    await attendantContext.close();
  });
});
