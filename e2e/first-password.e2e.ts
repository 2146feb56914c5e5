import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let generatedPassword: string;

// Started as a newcomer starts it: no ADMIN_PASSWORD, so the first start prints a generated one.
beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD: undefined }, { emptyDataDir: true });
  browser = await launchBrowser();
  const printed = server.output().match(/Super admin created: (\S+) \/ (\S+)/);
  if (!printed || printed[1] !== ADMIN_EMAIL) throw new Error(`no generated password printed:\n${server.output()}`);
  generatedPassword = printed[2];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const loginStatus = (password: string) =>
  fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password }),
  }).then((answer) => answer.status);

describe('the generated first password is replaced at the first sign-in (issue 11 point 5)', () => {
  it('first sign-in -> choose a new password (no way around it) -> the app; the old password no longer works', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').fill(ADMIN_EMAIL);
    await page.getByTestId('login-password').fill(generatedPassword);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('choose-password-page').waitFor();
    expect(await page.getByTestId('app-bar').count()).toBe(0);

    // another screen, reached by its address, asks the same
    await page.goto(`${server.url}/users`);
    await page.getByTestId('choose-password-page').waitFor();
    expect(await page.getByTestId('app-bar').count()).toBe(0);

    // the form's own rule, then the server's
    await page.getByTestId('choose-password-current').fill('not-the-password');
    await page.getByTestId('choose-password-new').fill('my-own-secret');
    await page.getByTestId('choose-password-confirmation').fill('my-own-secreT');
    await page.getByTestId('choose-password-submit').click();
    await page.getByText('As senhas não conferem').waitFor();
    await page.getByTestId('choose-password-confirmation').fill('my-own-secret');
    await page.getByTestId('choose-password-submit').click();
    await page.getByText('Senha atual incorreta').waitFor();

    await page.getByTestId('choose-password-current').fill(generatedPassword);
    await page.getByTestId('choose-password-submit').click();
    await page.getByTestId('app-bar').waitFor();
    await page.getByTestId('toast-success').filter({ hasText: 'Senha alterada com sucesso!' }).waitFor();
    // the screen asked for stays: the users list with the admin in it
    await page.getByText(ADMIN_EMAIL).first().waitFor();
    expect(page.url()).toMatch(/\/users$/);

    // signed out, the old password is refused and the new one opens the app directly
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-password').fill(generatedPassword);
    await page.getByTestId('login-email').fill(ADMIN_EMAIL);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('toast-error').filter({ hasText: 'Erro de autenticação' }).waitFor();
    expect(await loginStatus(generatedPassword)).toBe(401);
    await page.getByTestId('login-password').fill('my-own-secret');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('app-bar').waitFor();
    expect(await page.getByTestId('choose-password-page').count()).toBe(0);
    await context.close();
  });
});
