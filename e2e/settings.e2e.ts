import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pt from '../apps/web/src/locales/pt.json';
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

const signIn = async (page: Page) => {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-bar').waitFor();
};

const valueOf = (page: Page, key: string) => page.getByTestId(`setting-${key}`).getAttribute('data-value');

describe('settings page (03-saas §2 Settings page)', () => {
  it('saves a select and a text setting at once and keeps them after reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('settings-page').waitFor();
    await expect.poll(() => valueOf(page, 'userRating')).toBe('disabled');

    await page.getByTestId('setting-userRating').getByRole('combobox').click();
    await page.getByTestId('setting-userRating-enabled').click();
    await expect(page.getByTestId('toast-success').first().textContent()).resolves.toContain('Operação atualizada com sucesso.');
    await expect.poll(() => valueOf(page, 'userRating')).toBe('enabled');

    const greeting = page.getByTestId('setting-greetingAcceptedMessage-input');
    await greeting.fill('Olá, já vou te atender!');
    const saved = page.waitForResponse((answer) => answer.url().includes('/companySettings') && answer.request().method() === 'PUT');
    await greeting.blur();
    expect((await saved).ok()).toBe(true);
    await page.getByTestId('toast-success').first().waitFor();
    await expect.poll(() => page.getByTestId('setting-greetingAcceptedMessage-input').inputValue()).toBe('Olá, já vou te atender!');

    await page.reload();
    await page.getByTestId('settings-page').waitFor();
    await expect.poll(() => valueOf(page, 'userRating')).toBe('enabled');
    await expect
      .poll(() => page.getByTestId('setting-greetingAcceptedMessage-input').inputValue())
      .toBe('Olá, já vou te atender!');
    await page.close();
  });

  it("the super admin opens the public sign-up with its trial length in the screen; the login page's link follows (issue 35 point 6)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/settings`);
    const panel = page.getByTestId('platform-settings');
    await panel.waitFor();
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${server.url}/login`);
    await visitor.getByTestId('login-submit').waitFor();
    expect(await visitor.getByTestId('login-signup-link').count()).toBe(0);

    const trialDays = page.getByTestId('platform-signupTrialDays');
    await page.getByTestId('platform-userCreation').check();
    await trialDays.fill('');
    await page.getByTestId('platform-save').click();
    await panel.getByText(pt.validation.invalidNumber).waitFor();
    await trialDays.fill('30');
    const saved = page.waitForResponse((answer) => answer.url().endsWith('/settings/signupTrialDays') && answer.request().method() === 'PUT');
    await page.getByTestId('platform-save').click();
    expect((await saved).ok()).toBe(true);
    await page.getByTestId('toast-success').first().waitFor();

    // the open login page hears of it live; a reload shows it too
    await visitor.getByTestId('login-signup-link').waitFor();
    await visitor.reload();
    await visitor.getByTestId('login-signup-link').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('platform-signupTrialDays').inputValue()).toBe('30');
    expect(await page.getByTestId('platform-userCreation').isChecked()).toBe(true);

    await page.getByTestId('platform-userCreation').uncheck();
    await page.getByTestId('platform-save').click();
    await visitor.getByTestId('login-signup-link').waitFor({ state: 'detached' });
    await visitor.close();
    await page.close();
  });

  it('the schedules tab appears with scheduleType company and saves the service hours (03-saas §2)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('settings-page').waitFor();
    expect(await page.getByTestId('settings-tab-schedules').count()).toBe(0);
    await page.getByTestId('setting-scheduleType').getByRole('combobox').click();
    await page.getByTestId('setting-scheduleType-company').click();
    await page.getByTestId('settings-tab-schedules').click();
    await expect.poll(() => page.getByTestId('company-schedule-friday-endTimeB').inputValue()).toBe('18:00');
    await page.getByTestId('company-schedule-friday-endTimeB').fill('17:00');
    await page.getByTestId('company-schedules-save').click();
    await page.getByText('Horários atualizados com sucesso.').waitFor();
    await page.reload();
    await page.getByTestId('settings-tab-schedules').click();
    await expect.poll(() => page.getByTestId('company-schedule-friday-endTimeB').inputValue()).toBe('17:00');
    await page.close();
  });
});
