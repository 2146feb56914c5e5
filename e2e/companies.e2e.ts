import type { Page } from 'playwright-core';
import { addRecurrence } from '@atende/shared/recurrence';
import { describe, expect, it } from 'vitest';
import { linkIn } from '../apps/server/test/helpers/smtp-receiver.ts';
import { apiAs, createSandbox, signIn as signInAt } from './helpers/attendance.ts';
import { useMailingServer } from './helpers/mailing-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

// the sign-up's verification mail (issue 38 point 3) reaches the loopback SMTP receiver
const mailing = useMailingServer();

const signIn = (page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => signInAt(page, mailing.server.url, email, password);

const choosePlan = async (page: Page, testId: string, name: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
};

describe('super admin screens and sign-up (03-saas §2 Companies screen, Plans tab, Sign-up page)', () => {
  it('the super admin creates, edits and deletes a plan, then creates, edits, renews and deletes a company', async () => {
    const page = await mailing.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page);

    await page.goto(`${mailing.server.url}/settings`);
    await page.getByTestId('settings-tab-plans').click();
    for (const name of ['Plano Ouro', 'Plano Lata']) {
      await page.getByTestId('plans-add').click();
      await page.getByTestId('plan-name').fill(name);
      await page.getByTestId('plan-users').fill('5');
      await page.getByTestId('plan-amount').fill('99.9');
      await page.getByTestId('plan-save').click();
      await page.getByTestId('plan-modal').waitFor({ state: 'detached' });
      await page.getByTestId('plans-row').filter({ hasText: name }).waitFor();
    }
    await page.getByTestId('plans-row').filter({ hasText: 'Plano Ouro' }).getByTestId('plans-edit').click();
    await page.getByTestId('plan-connections').fill('3');
    await page.getByTestId('plan-save').click();
    await page.getByTestId('plans-row').filter({ hasText: 'Plano Ouro' }).filter({ hasText: '3' }).waitFor();
    await page.getByTestId('plans-row').filter({ hasText: 'Plano Lata' }).getByTestId('plans-delete').click();
    await page.getByTestId('confirm-dialog').getByText('Deseja realmente excluir esse registro?').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('plans-row').filter({ hasText: 'Plano Lata' }).waitFor({ state: 'detached' });

    await page.goto(`${mailing.server.url}/companies`);
    await page.getByTestId('companies-table').waitFor();
    await page.getByTestId('companies-add').click();
    await page.getByTestId('company-name').fill('Padaria Central');
    await page.getByTestId('company-email').fill('dono@padaria.test');
    await page.getByTestId('company-password').fill('padaria-1');
    await choosePlan(page, 'company-planId', 'Plano Ouro');
    // issue 35 point 9: the admin is asked for by name, and a new company is due a month ahead
    await page.getByTestId('company-save').click();
    await page.getByTestId('company-form').getByText('Obrigatório').waitFor();
    expect(await page.getByTestId('company-dueDate').inputValue()).toBe(addRecurrence(new Date().toISOString().slice(0, 10), 'MENSAL'));
    await page.getByTestId('company-adminName').fill('Joana Padeira');
    await page.getByTestId('company-dueDate').fill('2040-01-31');
    await page.getByTestId('company-save').click();
    await page.getByTestId('company-modal').waitFor({ state: 'detached' });
    const row = page.getByTestId('companies-row').filter({ hasText: 'dono@padaria.test' });
    await row.waitFor();
    const ownerLogin = await fetch(`${mailing.server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dono@padaria.test', password: 'padaria-1' }),
    });
    expect(((await ownerLogin.json()) as { user: { name: string } }).user.name).toBe('Joana Padeira');
    await expect.poll(() => row.getByTestId('companies-due').textContent()).toContain('31/01/2040');

    await row.getByTestId('companies-edit').click();
    await page.getByTestId('company-name').fill('Padaria do Centro');
    await page.getByTestId('company-save').click();
    await expect.poll(() => row.getByTestId('companies-name').textContent()).toBe('Padaria do Centro');

    // monthly: 31 January moves to the last day of February
    await row.getByTestId('companies-renew').click();
    await expect.poll(() => row.getByTestId('companies-due').textContent()).toContain('29/02/2040');

    await page.getByTestId('companies-search').fill('Padaria');
    await expect.poll(() => page.getByTestId('companies-row').count()).toBe(1);
    await row.getByTestId('companies-delete').click();
    await page.getByTestId('confirm-ok').click();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });

  it('a visitor signs up on a public plan while sign-up is enabled, verifies the email from the mail (issue 38 point 3) and then signs in', async () => {
    const login = await fetch(`${mailing.server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    }).then((answer) => answer.json() as Promise<{ token: string }>);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.token}` };
    await fetch(`${mailing.server.url}/plans`, { method: 'POST', headers, body: JSON.stringify({ name: 'Plano Público', users: 3, connections: 1, queues: 2, amount: 49 }) });

    const page = await mailing.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${mailing.server.url}/login`);
    await page.getByTestId('login-email').waitFor();
    expect(await page.getByTestId('login-signup-link').count()).toBe(0);
    await fetch(`${mailing.server.url}/settings/userCreation`, { method: 'PUT', headers, body: JSON.stringify({ value: 'enabled' }) });

    await page.goto(`${mailing.server.url}/login`);
    await page.getByTestId('login-signup-link').click();
    await page.getByTestId('signup-page').waitFor();
    await page.getByTestId('signup-name').fill('M');
    await page.getByTestId('signup-submit').click();
    await page.getByText('Muito curto!').first().waitFor();
    await page.getByTestId('signup-name').fill('Maria Souza');
    await page.getByTestId('signup-companyName').fill('Loja da Maria');
    await page.getByTestId('signup-email').fill('maria@loja.test');
    await page.getByTestId('signup-password').fill('maria-123');
    await page.getByTestId('signup-phone').fill('11987654321');
    await choosePlan(page, 'signup-planId', 'Plano Público');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('signup-check-email').waitFor();
    // before the verification the sign-in is refused, and the login page offers a new link
    await page.getByTestId('signup-login-link').click();
    await page.getByTestId('login-email').fill('maria@loja.test');
    await page.getByTestId('login-password').fill('maria-123');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('resend-verification-email').inputValue()).toBe('maria@loja.test');

    await page.goto(linkIn(await mailing.receiver.nextMail('maria@loja.test'), '/verify-email'));
    await page.getByTestId('verify-email-done').waitFor();
    await page.getByTestId('verify-email-login').click();
    await page.getByTestId('login-email').fill('maria@loja.test');
    await page.getByTestId('login-password').fill('maria-123');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('app-bar').waitFor();
    await page.close();
  });

  it('the super admin sees every company’s connections with a totals row and opens one company’s list (02-operations §2 /allConnections)', async () => {
    const api = await apiAs(mailing.server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await createSandbox(api, 'Caixa da plataforma');
    const page = await mailing.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${mailing.server.url}/allConnections`);
    const platform = page.locator('[data-testid="all-connections-row"][data-company-id="1"]');
    await expect.poll(() => platform.getByTestId('all-connections-connected').textContent()).toBe('1');
    const rows = await page.getByTestId('all-connections-row').count();
    expect(rows).toBeGreaterThan(1);
    const totals = page.getByTestId('all-connections-totals');
    await expect.poll(async () => (await totals.locator('td').allTextContents()).slice(1, 4)).toEqual(['1', '0', '1']);

    await platform.getByTestId('all-connections-open').click();
    const dialog = page.getByTestId('all-connections-dialog');
    await dialog.getByText('Caixa da plataforma').waitFor();
    await dialog.getByText('CONNECTED').waitFor();
    await page.close();
  });
});
