// issue 38 point 2: "forgot password" in the browser, with the real mail read from an SMTP server
// on loopback and its link followed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../apps/server/test/helpers/smtp-receiver.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

const NEW_PASSWORD = 'chosen-after-reset';

let receiver: SmtpReceiver;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  server = await startServer(receiver.env());
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

const signIn = (password: string) =>
  fetch(`${server.url}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password }) });

describe('password reset in the browser (issue 38 point 2)', () => {
  it('issue 38 point 2: forgot password -> the mailed link -> a new password -> sign in with it; the open session ends', async () => {
    const open = (await (await signIn(ADMIN_PASSWORD)).json()) as { token: string };
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-forgot-password').click();
    await page.getByTestId('forgot-password-email').fill(ADMIN_EMAIL);
    await page.getByTestId('forgot-password-submit').click();
    await page.getByTestId('forgot-password-sent').waitFor();

    // the page was in Portuguese, so is the mail
    const mail = await receiver.nextMail(ADMIN_EMAIL);
    expect(mail.subject).toMatch(/^Redefinição de senha/);
    const link = linkIn(mail, '/reset-password');
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByTestId('reset-password-new').fill(NEW_PASSWORD);
    await page.getByTestId('reset-password-confirmation').fill(NEW_PASSWORD);
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('toast-success').waitFor();
    await page.waitForURL(/\/login$/);
    expect((await fetch(`${server.url}/auth/me`, { headers: { authorization: `Bearer ${open.token}` } })).status).toBe(401);

    await page.getByTestId('login-email').fill(ADMIN_EMAIL);
    await page.getByTestId('login-password').fill(NEW_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('app-bar').waitFor();
    expect((await signIn(ADMIN_PASSWORD)).status).toBe(401);

    await context.close();

    // the link worked once (a browser signed out: a signed-in one is taken to the app)
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByTestId('reset-password-invalid').waitFor();
    await again.close();
  });
});

describe('password reset with email off (issue 38 points 1 and 2)', () => {
  it('issue 38 point 1: without SMTP the forgot-password page says email is off and whom to ask', async () => {
    const offline = await startServer({ NODE_ENV: 'test' });
    try {
      const page = await browser.newPage();
      await page.goto(`${offline.url}/forgot-password`);
      await page.getByTestId('forgot-password-email-off').filter({ hasText: 'administrador da sua empresa' }).waitFor();
      expect(await page.getByTestId('forgot-password-email').count()).toBe(0);
      await page.close();
    } finally {
      await offline.stop();
    }
  });
});
