import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/src/modules/two-factor/totp.ts';
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

const STEP_MS = 30_000;
const ATTENDANT = { email: 'two-factor-agent@e2e.test', password: 'agent-password-1' };

// The page's own API call with its own sign-in's token.
const callAsPage = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status };
    },
    { method, path, body },
  );

// the forced enrolment page: the key read from the page, a code computed from it, the codes closed
const enrolOnPage = async (page: Page) => {
  await page.getByTestId('enroll-two-factor-page').waitFor();
  expect(await page.getByTestId('app-bar').count()).toBe(0);
  await page.getByTestId('two-factor-start').click();
  const secret = ((await page.getByTestId('two-factor-manual-key').textContent()) ?? '').replace(/\s/g, '');
  await page.getByTestId('two-factor-code').fill(totpCode(secret, new Date()));
  await page.getByTestId('two-factor-confirm').click();
  await page.getByTestId('recovery-codes-close').click();
};

const submitPassword = async (page: Page) => {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
};

describe('two-factor sign-in in the browser (issue 38 point 4)', () => {
  it('issue 38 point 4: enrol on the Security page with the manual key, sign out, sign in with a code; a recovery code signs in once', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await submitPassword(page);
    await page.getByTestId('app-bar').waitFor();

    await page.goto(`${server.url}/security`);
    await page.getByTestId('two-factor-start').click();
    await page.getByTestId('two-factor-qr').waitFor();
    // the key as a person would type it into the app
    const secret = ((await page.getByTestId('two-factor-manual-key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByTestId('two-factor-code').fill('000000');
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('toast-error').filter({ hasText: 'Código errado ou já usado.' }).waitFor();
    await page.getByTestId('two-factor-code').fill(totpCode(secret, new Date()));
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('recovery-codes').locator('li').first().waitFor();
    const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    await page.getByTestId('recovery-codes-close').click();
    await expect.poll(() => page.getByTestId('two-factor-status').getAttribute('data-enabled')).toBe('yes');

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await submitPassword(page);
    await page.getByTestId('login-two-factor').waitFor();
    expect(await page.getByTestId('app-bar').count()).toBe(0);
    await page.getByTestId('login-two-factor-code').fill('000000');
    await page.getByTestId('login-two-factor-submit').click();
    await page.getByTestId('toast-error').filter({ hasText: 'Código errado ou já usado.' }).waitFor();
    // the next step's code: newer than the enrolment's, and accepted for a phone a little ahead
    await page.getByTestId('login-two-factor-code').fill(totpCode(secret, new Date(Date.now() + STEP_MS)));
    await page.getByTestId('login-two-factor-submit').click();
    await page.getByTestId('app-bar').waitFor();

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await submitPassword(page);
    await page.getByTestId('login-use-recovery-code').click();
    await page.getByTestId('login-recovery-code').fill(codes[0]);
    await page.getByTestId('login-two-factor-submit').click();
    await page.getByTestId('app-bar').waitFor();

    // turned off with the password: the next sign-in asks for the password alone
    await page.goto(`${server.url}/security`);
    await page.getByTestId('two-factor-disable').click();
    await page.getByTestId('two-factor-disable-dialog').getByRole('button', { name: 'Usar minha senha' }).click();
    await page.getByTestId('two-factor-disable-dialog-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('two-factor-disable-dialog-submit').click();
    await expect.poll(() => page.getByTestId('two-factor-status').getAttribute('data-enabled')).toBe('no');
    await context.close();
  });

  it("issue 38 point 4: the company's requirement sends its users, open sessions too, to the enrolment page; the admin resets a user's second factor from the users list", async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await submitPassword(admin);
    await admin.getByTestId('app-bar').waitFor();
    const created = await callAsPage(admin, 'POST', '/users', { name: 'Agente Dois Fatores', email: ATTENDANT.email, password: ATTENDANT.password, profile: 'user' });
    expect(created.status).toBe(201);

    await admin.goto(`${server.url}/settings`);
    await admin.getByTestId('setting-twoFactorRequired').getByRole('combobox').click();
    await admin.getByTestId('setting-twoFactorRequired-enabled').click();
    await expect.poll(() => admin.getByTestId('setting-twoFactorRequired').getAttribute('data-value')).toBe('enabled');
    // the admin's own open session is held too: nothing but the enrolment until it is on
    await admin.goto(`${server.url}/users`);
    await enrolOnPage(admin);
    await admin.getByTestId('app-bar').waitFor();

    const attendantContext = await browser.newContext();
    const attendant = await attendantContext.newPage();
    await attendant.goto(`${server.url}/login`);
    await attendant.getByTestId('login-email').fill(ATTENDANT.email);
    await attendant.getByTestId('login-password').fill(ATTENDANT.password);
    await attendant.getByTestId('login-submit').click();
    await enrolOnPage(attendant);
    await attendant.getByTestId('app-bar').waitFor();

    await admin.goto(`${server.url}/users`);
    const row = admin.getByTestId('users-row').filter({ hasText: ATTENDANT.email });
    await row.getByTestId('users-two-factor-on').waitFor();
    await row.getByTestId('users-reset-two-factor').click();
    await admin.getByTestId('confirm-ok').click();
    await row.getByTestId('users-reset-two-factor').waitFor({ state: 'detached' });
    expect(await row.getByTestId('users-two-factor-on').count()).toBe(0);
    await attendantContext.close();
    await adminContext.close();
  });
});
