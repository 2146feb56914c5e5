// Issue 15 point 4 in the browser: an overdue company's admin signs in, lands on the overdue page,
// pays its invoice through the three-step checkout and the Pix view (the fake Efí's webhook is
// fired by the test), sees the renewal message and is back in.
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecurrence } from '@atende/shared/recurrence';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { companies, invoices, plans, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/users/users.service.ts';
import { EFI_CLIENT_ID, EFI_CLIENT_SECRET, EFI_PIX_KEY, startFakeEfiPix, type FakeEfiPix } from '../apps/server/test/helpers/fake-efi-pix.ts';
import { launchBrowser } from './helpers/browser.ts';
import { seededDataDir, startServer, type RunningServer } from './helpers/server.ts';

const OVERDUE_EMAIL = 'overdue-admin@e2e.test';
const OVERDUE_PASSWORD = 'overdue-123';
const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
const renewed = addRecurrence(yesterday, 'MENSAL');
const dayMonthYear = (day: string) => day.split('-').reverse().join('/');

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let efi: FakeEfiPix;

// The overdue company is written before the server starts: no route of this branch creates one.
beforeAll(async () => {
  dataDir = seededDataDir('atende-e2e-billing-');
  const database = await openDatabase({ pgliteDir: dataDir });
  const [plan] = await database.db.insert(plans).values({ name: 'Plano Ouro', users: 5, connections: 2, queues: 4, amount: '99.90' }).returning();
  const [company] = await database.db.insert(companies).values({ name: 'Overdue Ltda', planId: plan.id, dueDate: yesterday }).returning();
  await database.db.insert(users).values({ companyId: company.id, name: 'Overdue Admin', email: OVERDUE_EMAIL, profile: 'admin', passwordHash: await hashPassword(OVERDUE_PASSWORD) });
  await database.db.insert(invoices).values({ companyId: company.id, detail: plan.name, users: 5, connections: 2, queues: 4, dueDate: yesterday, value: '99.90' });
  await database.close();
  efi = await startFakeEfiPix();
  server = await startServer({
    DATA_DIR: dataDir,
    PIX_BASE_URL: efi.baseUrl,
    PIX_CLIENT_ID: EFI_CLIENT_ID,
    PIX_CLIENT_SECRET: EFI_CLIENT_SECRET,
    PIX_KEY: EFI_PIX_KEY,
    PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await efi?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('billing in the browser (01-core §4 Session, 03-saas §2 Invoices screen, Checkout dialog)', () => {
  it('an overdue admin lands on the overdue page, pays by Pix, sees the renewal and is back in', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').fill(OVERDUE_EMAIL);
    await page.getByTestId('login-password').fill(OVERDUE_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/financeiro-aberto$/);
    expect(await page.getByTestId('overdue-message').textContent()).toBe(
      `Opss! Sua assinatura venceu ${dayMonthYear(yesterday)}. Entre em contato com o Suporte para mais informações!`,
    );

    await page.getByRole('button', { name: 'PAGAR' }).click();
    const dialog = page.getByTestId('checkout-dialog');
    await dialog.getByText('Dados').waitFor();
    expect(await page.getByTestId('checkout-back').count()).toBe(0);
    // step 1 rules (03-saas §5)
    await page.getByTestId('checkout-next').click();
    await dialog.getByText('O nome completo é obrigatório').waitFor();
    await dialog.getByText('CEP é obrigatório').waitFor();
    await page.getByTestId('checkout-firstName').fill('Maria Silva');
    await page.getByTestId('checkout-zipcode').fill('123.456.789-09');
    await page.getByTestId('checkout-next').click();

    // Personalizar: the custom plan's steppers stop at 3 and price it 49 + 11 a user
    await page.getByTestId('checkout-plan-custom').click();
    await page.getByTestId('checkout-users-less').click();
    expect(await page.getByTestId('checkout-users').textContent()).toBe('3');
    await page.getByTestId('checkout-users-more').click();
    expect(await page.getByTestId('checkout-custom-price').textContent()).toMatch(/R\$\s60,00/);
    expect(await page.getByTestId('checkout-back').count()).toBe(0);
    // back to the invoice's own plan
    await page.getByTestId('checkout-plan-invoice').click();
    await page.getByTestId('checkout-next').click();

    // Revisar: VOLTAR only here
    await page.getByTestId('checkout-review').waitFor();
    expect(await page.getByTestId('checkout-total').textContent()).toMatch(/R\$\s99,90/);
    await page.getByTestId('checkout-back').click();
    await page.getByTestId('checkout-plan-invoice').waitFor();
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-pay').click();

    await page.getByTestId('pix-view').waitFor();
    await page.getByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento').waitFor();
    const charge = efi.charges.at(-1)!;
    expect(await page.getByTestId('pix-code').inputValue()).toBe(charge.pixCopiaECola);
    expect(await page.getByTestId('pix-amount').textContent()).toMatch(/R\$\s99,90/);
    await page.getByTestId('pix-copy').click();
    await page.getByText('Copiado!').waitFor();
    await page.getByText('Copiar código').waitFor();

    expect(await efi.deliver(`${server.url}/subscription/webhook/${WEBHOOK_SECRET}`, efi.paymentNotice(charge.txid))).toBe(200);

    await page.getByText(`Sua licença foi renovada até ${dayMonthYear(renewed)}!`).waitFor();
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    await page.getByTestId('app-bar').waitFor();
    await page.goto(`${server.url}/financeiro`);
    await page.getByRole('button', { name: 'PAGO' }).waitFor();
    expect(await page.getByRole('button', { name: 'PAGO' }).isDisabled()).toBe(true);
    await context.close();
  });
});
