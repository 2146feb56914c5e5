import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn } from './helpers/attendance.ts';
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

describe('contacts page (01-core §2 Contact modal, §5 Contact form)', () => {
  it('shows validation errors, creates and edits a contact, refuses a short tag and starts a ticket', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/contacts`);
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-modal').waitFor();
    await page.getByTestId('contact-name').fill('A');
    await page.getByTestId('contact-number').fill('12');
    await page.getByTestId('contact-email').fill('not-an-email');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-modal').getByText('Muito curto!').first().waitFor();
    await page.getByTestId('contact-modal').getByText('Email inválido').first().waitFor();

    // a typed tag under 3 characters is refused (01-core §5)
    await page.getByTestId('contact-tags').fill('ab');
    await page.getByTestId('contact-tags').press('Enter');
    await page.getByText('Tag muito curta!').first().waitFor();

    await page.getByTestId('contact-name').fill('Gabriela Souza');
    await page.getByTestId('contact-number').fill('5511977776666');
    await page.getByTestId('contact-email').fill('gabi@e2e.test');
    await page.getByTestId('contact-tags').fill('Cliente VIP');
    await page.getByRole('option', { name: /Cliente VIP/ }).click();
    await page.getByTestId('contact-modal').locator('.MuiChip-root', { hasText: 'Cliente VIP' }).waitFor();
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-modal').waitFor({ state: 'detached' });
    const created = page.locator('tr[data-testid^="contact-row-"]').filter({ hasText: 'Gabriela Souza' });
    await created.waitFor();
    await created.getByText('Cliente VIP').waitFor();

    await created.getByTestId('contact-edit').click();
    await page.getByTestId('contact-modal').waitFor();
    await page.getByTestId('contact-name').fill('Gabriela Souza Lima');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-modal').waitFor({ state: 'detached' });
    const edited = page.locator('tr[data-testid^="contact-row-"]').filter({ hasText: 'Gabriela Souza Lima' });
    await edited.waitFor();

    await page.getByTestId('contacts-search').fill('Lima');
    await edited.waitFor();

    // blocking asks first, then says so
    await edited.getByTestId('contact-block').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('Contato bloqueado').waitFor();
    await edited.getByTestId('contact-unblock').click();
    await page.getByText('Contato desbloqueado').waitFor();

    // start a ticket from the contact: no queues exist, so none is required
    await edited.getByTestId('contact-start-ticket').click();
    await page.getByTestId('new-ticket-dialog').waitFor();
    await page.getByTestId('new-ticket-submit').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByTestId('ticket-chat').getByText('Diga olá para seu novo contato!').waitFor();
    await page.close();
  });

  it('filters by channel, and a new ticket offers only the connections that reach the contact (issue 41 point 4)', async () => {
    const api = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const sandbox = await createSandbox(api, 'Sandbox Canais');
    await sandbox.inbound('5511933332222', 'Paulo Sandbox', 'oi');
    const site = 'https://loja.example';
    const widget = await api.call<{ id: number; number: string }>('POST', '/webchat/connections', { name: 'Site Canais', allowedOrigins: [site], color: '#ff5500', greeting: 'Olá!', preChatForm: false });
    const started = await fetch(`${server.url}/webchat/${widget.number}/visitors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site },
      body: JSON.stringify({ name: 'Vera Visitante' }),
    });
    expect(started.status).toBe(201);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/contacts`);
    const rows = page.locator('tr[data-testid^="contact-row-"]');
    const visitor = rows.filter({ hasText: 'Vera Visitante' });
    const phone = rows.filter({ hasText: 'Paulo Sandbox' });
    await phone.waitFor();
    await page.getByTestId('contacts-channel').click();
    await page.getByTestId('contacts-channel-option-webchat').click();
    await visitor.waitFor();
    await phone.waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);

    // the visitor is reachable only on its widget: the sandbox is not offered
    await visitor.getByTestId('contact-start-ticket').click();
    await page.getByTestId('new-ticket-dialog').waitFor();
    await page.getByTestId('new-ticket-connection').click();
    await page.getByTestId(`new-ticket-connection-option-${widget.id}`).waitFor();
    expect(await page.getByTestId(`new-ticket-connection-option-${sandbox.id}`).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByTestId('new-ticket-dialog').waitFor({ state: 'detached' });

    // a phone contact is offered the sandbox, not the widget
    await page.getByTestId('contacts-channel').click();
    await page.getByTestId('contacts-channel-option-sandbox').click();
    await phone.waitFor();
    await phone.getByTestId('contact-start-ticket').click();
    await page.getByTestId('new-ticket-dialog').waitFor();
    await page.getByTestId('new-ticket-connection').click();
    await page.getByTestId(`new-ticket-connection-option-${sandbox.id}`).waitFor();
    expect(await page.getByTestId(`new-ticket-connection-option-${widget.id}`).count()).toBe(0);
    await page.close();
  });

  it('removes a contact after asking, and the row leaves the list (01-core §4 Contacts)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/contacts`);
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-name').fill('Contato Passageiro');
    await page.getByTestId('contact-number').fill('5511966665555');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-modal').waitFor({ state: 'detached' });
    const row = page.locator('tr[data-testid^="contact-row-"]').filter({ hasText: 'Contato Passageiro' });
    await row.getByTestId('contact-delete').click();
    await page.getByTestId('confirm-ok').click();
    await row.waitFor({ state: 'detached' });
    await page.reload();
    // the list has loaded (another contact shows) without the removed one
    await page.locator('tr[data-testid^="contact-row-"]').filter({ hasText: 'Gabriela Souza Lima' }).waitFor();
    expect(await row.count()).toBe(0);
    await page.close();
  });
});
