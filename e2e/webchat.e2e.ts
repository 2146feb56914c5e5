// The web chat widget in real browsers (issue 41 point 1): the admin creates a web chat connection
// on the connections screen and copies its snippet; a page served from another origin (a tiny
// server on another loopback port) embeds it; the visitor writes through the widget's shadow DOM;
// the attendant, in a second browser context, accepts the ticket and answers; the visitor sees the
// answer live with the attendant's name, and again after a reload.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let site: Server;
let siteOrigin: string;
let queueId: number;
// a 1×1 PNG the visitor sends
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
// the customer's page: its body is the snippet the admin copied
let snippet = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  queueId = (await admin.call<{ id: number }>('POST', '/queue', { name: 'Atendimento', color: '#4caf50' })).id;
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head><title>Loja</title><style>* { color: red; }</style></head><body><h1>Loja exemplo</h1>${snippet}</body></html>`);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  // localhost, not 127.0.0.1: another site than the product's, not only another port
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((done) => site?.close(done));
});

describe('Web chat widget (issue 41 point 1)', () => {
  it('issue 41 point 1: a page of another origin embeds the widget, the visitor writes, the attendant answers, the visitor sees it live', async () => {
    const attendant = await browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signIn(attendant, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await attendant.goto(`${server.url}/connections`);
    await attendant.getByTestId('connections-add').click();
    await attendant.getByTestId('connections-add-webchat').click();
    await attendant.getByTestId('webchat-dialog').waitFor();
    await attendant.getByTestId('webchat-name').fill('Site da loja');
    await attendant.getByTestId('webchat-allowedOrigins').fill('not a website');
    await attendant.getByTestId('webchat-submit').click();
    await expect.poll(() => attendant.getByTestId('webchat-dialog').textContent()).toMatch(/origin|origem/i);
    await attendant.getByTestId('webchat-allowedOrigins').fill(siteOrigin);
    await attendant.getByTestId('webchat-greeting').fill('Olá! Em que podemos ajudar?');
    await attendant.getByTestId('webchat-preChatForm').click();
    await attendant.getByTestId('webchat-submit').click();
    snippet = await attendant.getByTestId('webchat-snippet').inputValue();
    expect(snippet).toMatch(new RegExp(`^<script src="${server.url}/widget.js" data-connection="[A-Za-z0-9_-]{24}" async></script>$`));
    await attendant.getByTestId('webchat-done').click();
    await attendant.getByTestId('connections-row').filter({ hasText: 'Site da loja' }).waitFor();

    // the visitor, in a browser of their own, speaking Portuguese
    const visitorContext = await browser.newContext({ locale: 'pt-BR' });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${siteOrigin}/`);
    await visitor.getByRole('button', { name: 'Fale conosco' }).click();
    await visitor.getByText('Olá! Em que podemos ajudar?').waitFor();
    await visitor.getByPlaceholder('Seu nome').fill('Vera Visitante');
    await visitor.getByPlaceholder('E-mail').fill('vera@loja.example');
    await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
    await visitor.getByPlaceholder('Escreva uma mensagem…').fill('Vocês entregam no sábado?');
    await visitor.getByRole('button', { name: 'Enviar' }).click();
    await visitor.getByText('Vocês entregam no sábado?').waitFor();

    await attendant.goto(`${server.url}/tickets`);
    await attendant.getByTestId('tickets-tab-pending').click();
    await attendant.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: 'Vera Visitante' }).getByTestId('ticket-row-accept').click();
    await attendant.getByTestId('accept-dialog').waitFor();
    if (await attendant.getByTestId('accept-start').isDisabled()) {
      await attendant.getByTestId('accept-queue').click();
      await attendant.getByTestId(`accept-queue-option-${queueId}`).click();
    }
    await attendant.getByTestId('accept-start').click();
    const chat = attendant.getByTestId('ticket-chat');
    await chat.locator('[data-message-id]').filter({ hasText: 'Vocês entregam no sábado?' }).waitFor();
    // typing, both ways: slow keys span the 2 s between two notices
    await visitor.getByPlaceholder('Escreva uma mensagem…').pressSequentially('e no domingo', { delay: 250 });
    await attendant.getByTestId('chat-visitor-typing').filter({ hasText: 'Vera Visitante' }).waitFor();
    await attendant.getByTestId('message-input').pressSequentially('Entre', { delay: 250 });
    await visitor.locator('.typing').filter({ hasText: 'digitando' }).waitFor();
    await attendant.getByTestId('message-input').fill('Entregamos sim, das 8h às 12h.');
    await attendant.getByTestId('message-input').press('Enter');

    // live, with the attendant's name, in the widget's own shadow DOM
    const answer = visitor.locator('.bubble.company').filter({ hasText: 'Entregamos sim, das 8h às 12h.' });
    await answer.waitFor();
    expect(await answer.locator('.sender').textContent()).toBeTruthy();
    // the host page's styles (every text red) do not reach the widget
    expect(await answer.evaluate((bubble) => getComputedStyle(bubble).color)).not.toBe('rgb(255, 0, 0)');

    // the visitor attaches a photo: shown inline in the widget and in the attendant's chat
    await visitor.locator('input[type=file]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await expect.poll(() => visitor.locator('.bubble.visitor img').evaluate((image: HTMLImageElement) => image.naturalWidth).catch(() => 0)).toBe(1);
    await chat.locator('[data-message-id] img').first().waitFor();

    // a reload keeps the conversation: the token stayed in the site's localStorage
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Fale conosco' }).click();
    await visitor.getByText('Vocês entregam no sábado?').waitFor();
    await visitor.getByText('Entregamos sim, das 8h às 12h.').waitFor();
    await visitorContext.close();
    await attendant.close();
  });
});
