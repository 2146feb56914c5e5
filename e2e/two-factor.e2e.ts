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
    await context.close();
  });
});
