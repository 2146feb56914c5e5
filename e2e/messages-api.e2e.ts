import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn, type Api, type Sandbox } from './helpers/attendance.ts';
import { closeRoutedPage, launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  sandbox = await createSandbox(admin, 'Linha da API');
  token = (await admin.call<{ token: string }>('GET', `/whatsapp/${sandbox.id}`)).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('external messages API page (03-saas §2 /messages-api)', () => {
  it('documents the endpoint and its test forms send text and media through a connection token', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByTestId('menu-messagesApi').click();
    await expect(page.getByTestId('messages-api-text-example').textContent()).resolves.toContain(`${server.url}/api/messages/send`);

    // rules of the forms: required fields, digits-only number
    await page.getByTestId('messages-api-text-send').click();
    await page.getByTestId('messages-api-text-form').getByText('Obrigatório').first().waitFor();
    await page.getByTestId('messages-api-text-token').fill(token);
    await page.getByTestId('messages-api-text-number').fill('+55 (11) 97777-0001');
    await page.getByTestId('messages-api-text-body').fill('Olá pela API');
    await page.getByTestId('messages-api-text-send').click();
    await page.getByText('Somente números: código do país, DDD e número').waitFor();
    await page.getByTestId('messages-api-text-number').fill('5511977770001');
    await page.getByTestId('messages-api-text-send').click();
    await page.getByText('Mensagem enviada com sucesso').waitFor();
    await expect.poll(async () => (await sandbox.outbox()).map((message) => message.body)).toContain('Olá pela API');

    await page.getByTestId('messages-api-media-token').fill(token);
    await page.getByTestId('messages-api-media-number').fill('5511977770001');
    await page.getByTestId('messages-api-media-send').click();
    await page.getByText('Selecione um arquivo').waitFor();
    await page.getByTestId('messages-api-media-file').setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await page.getByTestId('messages-api-media-send').click();
    await expect.poll(async () => (await sandbox.outbox()).length).toBe(2);

    // a wrong token is the server's refusal, shown as a toast
    await page.getByTestId('messages-api-text-token').fill('x'.repeat(30));
    await page.getByTestId('messages-api-text-body').fill('não vai');
    await page.getByTestId('messages-api-text-send').click();
    await expect.poll(async () => (await sandbox.outbox()).length).toBe(2);
    await page.close();
  });

  it('without the plan flag useExternalApi the page warns and goes to / after a second', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // the session as a company whose plan lacks the external API
    const withoutApi = async (route: Route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (body?.user?.company?.plan) body.user.company.plan.useExternalApi = false;
      await route.fulfill({ response, json: body });
    };
    await page.route('**/auth/login', withoutApi);
    await page.route('**/auth/refresh_token', withoutApi);
    await page.route('**/auth/me', withoutApi);
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await page.getByTestId('menu-messagesApi').count()).toBe(0);
    await page.goto(`${server.url}/messages-api`);
    await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor();
    await page.waitForURL(`${server.url}/`);
    await closeRoutedPage(page);
  });
});
