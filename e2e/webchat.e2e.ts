// The web chat widget in real browsers (issue 41 point 1): the admin creates a web chat connection
// on the connections screen and copies its snippet; a page served from another origin (a tiny
// server on another loopback port) embeds it; the visitor writes through the widget's shadow DOM;
// the attendant, in a second browser context, accepts the ticket and answers; the visitor sees the
// answer live with the attendant's name, and again after a reload. The admin edits the
// connection's settings afterwards; the widget shows "Seen" once the attendant has read the
// visitor's messages, and the rating question at the close as a row of buttons.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn, type Api } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let site: Server;
let siteOrigin: string;
let queueId: number;
let admin: Api;
// a 1×1 PNG the visitor sends
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
// the customer's page: its body is the snippet the admin copied
let snippet = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  queueId = (await admin.call<{ id: number }>('POST', '/queue', { name: 'Atendimento', color: '#4caf50' })).id;
  // closing asks for a rating (02-operations §3)
  await admin.call('PUT', '/companySettings', { column: 'userRating', data: 'enabled' });
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
  it('issue 41 point 1: a page of another origin embeds the widget, the visitor writes, the attendant answers, the visitor sees it live, seen and rated with buttons', async () => {
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
    const row = attendant.getByTestId('connections-row').filter({ hasText: 'Site da loja' });
    await row.waitFor();

    // its settings are edited later in the same form, filled with what the server has
    await row.getByTestId('connections-edit').click();
    await attendant.getByTestId('webchat-dialog').waitFor();
    await expect.poll(() => attendant.getByTestId('webchat-allowedOrigins').inputValue()).toBe(siteOrigin);
    expect(await attendant.getByTestId('webchat-name').inputValue()).toBe('Site da loja');
    expect(await attendant.getByTestId('webchat-greeting').inputValue()).toBe('Olá! Em que podemos ajudar?');
    expect(await attendant.getByTestId('webchat-preChatForm').locator('input').isChecked()).toBe(true);
    // its common settings are one click away, in the connection dialog
    await attendant.getByTestId('webchat-more-settings').click();
    await attendant.getByTestId('connection-modal').waitFor();
    await attendant.getByTestId('connection-cancel').click();
    await attendant.getByTestId('connection-modal').waitFor({ state: 'hidden' });
    await row.getByTestId('connections-edit').click();
    await expect.poll(() => attendant.getByTestId('webchat-greeting').inputValue()).toBe('Olá! Em que podemos ajudar?');
    await attendant.getByTestId('webchat-greeting').fill('Olá! Como podemos ajudar hoje?');
    await attendant.getByTestId('webchat-submit').click();
    await attendant.getByTestId('webchat-dialog').waitFor({ state: 'hidden' });
    const connectionId = Number(await row.getAttribute('data-connection-id'));
    await admin.call('PUT', `/whatsapp/${connectionId}`, { ratingMessage: 'Que nota você dá ao atendimento?', expiresTicketNPS: 30, complationMessage: 'Obrigado pela nota!' });

    // the visitor, in a browser of their own, speaking Portuguese
    const visitorContext = await browser.newContext({ locale: 'pt-BR' });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${siteOrigin}/`);
    await visitor.getByRole('button', { name: 'Fale conosco' }).click();
    await visitor.getByText('Olá! Como podemos ajudar hoje?').waitFor();
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
    // the attendant read it: "Seen" under the visitor's last message
    const seen = visitor.locator('.seen');
    await seen.filter({ hasText: 'Visto' }).waitFor();
    expect(await seen.evaluate((label) => label.previousElementSibling?.textContent)).toBe('Vocês entregam no sábado?');
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
    // the chat on the attendant's screen reads the photo as it arrives: "Seen" moves under it
    await expect.poll(() => seen.evaluate((label) => label.previousElementSibling?.querySelector('img') !== null).catch(() => false)).toBe(true);

    // a reload keeps the conversation: the token stayed in the site's localStorage
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Fale conosco' }).click();
    await visitor.getByText('Vocês entregam no sábado?').waitFor();
    await visitor.getByText('Entregamos sim, das 8h às 12h.').waitFor();
    await seen.filter({ hasText: 'Visto' }).waitFor();

    // the close asks for the rating: the widget offers 0..10 as buttons; a click answers it
    await attendant.getByTestId('ticket-resolve').click();
    await attendant.getByTestId('close-dialog').waitFor();
    await attendant.getByTestId('close-without-farewell').click();
    const rating = visitor.locator('.rating');
    await rating.waitFor();
    expect(await rating.locator('button').allTextContents()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await rating.evaluate((row) => row.previousElementSibling?.textContent)).toContain('Que nota você dá ao atendimento?');
    await rating.getByRole('button', { name: '9', exact: true }).click();
    await visitor.locator('.bubble.visitor').filter({ hasText: /^9$/ }).waitFor();
    await visitor.getByText('Obrigado pela nota!').waitFor();
    expect(await visitor.locator('.rating').count()).toBe(0);
    const closed = await admin.call<{ tickets: { contact: { name: string }; userRating: { rate: number } | null }[] }>('GET', '/tickets?status=closed&showAll=true');
    expect(closed.tickets.find((ticket) => ticket.contact.name === 'Vera Visitante')?.userRating).toEqual({ rate: 9 });
    await visitorContext.close();
    await attendant.close();
  });
});
