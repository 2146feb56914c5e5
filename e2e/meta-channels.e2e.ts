// Meta channels in a real browser (01-core §2 Chat screen, §4 Messages): a Cloud API ticket sends
// an approved template and shows a message the channel refused; a Messenger ticket shows the
// 24 h notice. The product talks to a fake Graph server on loopback.
import type { TicketsPage } from '@atende/shared/tickets';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook, graphErrors, startFakeGraph, type FakeGraph } from '../apps/server/test/helpers/fake-graph.ts';
import { apiAs, composerTool, signIn, type Api } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

const SECRET = 'e2e-app-secret';
const PHONE_NUMBER_ID = '123456789012345';
const PAGE_ID = '223456789012345';

let graph: FakeGraph;
let server: RunningServer;
let browser: Browser;
let admin: Api;
let queueId: number;

beforeAll(async () => {
  graph = await startFakeGraph();
  server = await startServer({ META_GRAPH_URL: graph.graphUrl, META_APP_SECRET: SECRET, META_VERIFY_TOKEN: 'e2e-verify' });
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  queueId = (await admin.call<{ id: number }>('POST', '/queue', { name: 'Atendimento', color: '#4caf50' })).id;
  graph.addPhoneNumber(PHONE_NUMBER_ID, '+55 11 4000-0000');
  await admin.call('POST', '/whatsappapi/connections', { name: 'Cloud', phoneNumberId: PHONE_NUMBER_ID, accessToken: 'e2e-cloud-token' });
  graph.setPages([{ id: PAGE_ID, name: 'Loja', access_token: 'e2e-page-token' }]);
  await admin.call('POST', '/facebook', { facebookUserId: '323456789012345', facebookUserToken: 'e2e-user-token' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await graph?.close();
});

const cloudMessage = (from: string, name: string, body: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'waba',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '551140000000', phone_number_id: PHONE_NUMBER_ID },
            contacts: [{ profile: { name }, wa_id: from }],
            messages: [{ from, id: `wamid.e2e-${from}`, timestamp: '1700000000', type: 'text', text: { body } }],
          },
        },
      ],
    },
  ],
});

const openChatOf = async (page: Page, name: string) => {
  await page.goto(`${server.url}/tickets`);
  await page.getByTestId('tickets-tab-pending').click();
  await page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: name }).getByTestId('ticket-row-accept').click();
  await page.getByTestId('accept-dialog').waitFor();
  if (await page.getByTestId('accept-start').isDisabled()) {
    await page.getByTestId('accept-queue').click();
    await page.getByTestId(`accept-queue-option-${queueId}`).click();
  }
  await page.getByTestId('accept-start').click();
  const chat = page.getByTestId('ticket-chat');
  await expect.poll(() => chat.getAttribute('data-status')).toBe('open');
  return chat;
};

describe('Meta channels in the chat (01-core §2 Chat screen, §4 Messages)', () => {
  it('a Cloud API ticket sends a template from its dialog and marks a message the channel refused', async () => {
    expect((await deliverWebhook(server, '/webhooks/whatsappapi', cloudMessage('5511940000001', 'Carla Cloud', 'Oi, tudo bem?'), { secret: SECRET })).status).toBe(200);
    const page = await browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const chat = await openChatOf(page, 'Carla Cloud');
    expect(await page.getByTestId('chat-meta-notice').count()).toBe(0);

    await (await composerTool(page, 'message-template-open')).click();
    await page.getByTestId('template-dialog').waitFor();
    await page.getByTestId('template-name').fill('Nome Inválido');
    await page.getByTestId('template-submit').click();
    await expect.poll(() => page.getByTestId('template-name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('template-dialog').isVisible()).toBe(true);
    await page.getByTestId('template-name').fill('boas_vindas');
    await page.getByTestId('template-parameters').fill('Carla');
    await page.getByTestId('template-submit').click();
    await page.getByTestId('template-dialog').waitFor({ state: 'detached' });
    await chat.locator('[data-message-id]').filter({ hasText: 'boas_vindas (Carla)' }).waitFor();
    await expect
      .poll(() => graph.sends().map((call) => call.body?.template?.name))
      .toContain('boas_vindas');

    graph.failNextSends(graphErrors.invalidParameter);
    await page.getByTestId('message-input').fill('Esta não passa');
    await page.getByTestId('message-input').press('Enter');
    await chat.locator('[data-message-id]').filter({ hasText: 'Esta não passa' }).getByTestId('message-send-error').waitFor();
    await page.close();
  });

  it('a Messenger ticket shows the 24 h notice and its reply reaches the Send API', async () => {
    const delivery = {
      object: 'page',
      entry: [{ id: PAGE_ID, time: Date.now(), messaging: [{ sender: { id: '7100000000001' }, recipient: { id: PAGE_ID }, timestamp: Date.now(), message: { mid: 'm_e2e-1', text: 'Olá pelo Messenger' } }] }],
    };
    graph.addProfile('7100000000001', { name: 'Paulo Page' });
    expect((await deliverWebhook(server, '/webhooks/facebook', delivery, { secret: SECRET })).status).toBe(200);
    const page = await browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const chat = await openChatOf(page, 'Paulo Page');
    await page.getByTestId('chat-meta-notice').waitFor();
    expect(await (await composerTool(page, 'message-template-open')).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('message-input').fill('Oi Paulo!');
    await page.getByTestId('message-input').press('Enter');
    await chat.locator('[data-message-id]').filter({ hasText: 'Oi Paulo!' }).waitFor();
    await expect
      .poll(() => graph.sends().filter((call) => call.path === `${PAGE_ID}/messages`).map((call) => call.body?.message?.text))
      .toContain('Oi Paulo!');
    const tickets = await admin.call<TicketsPage>('GET', '/tickets?status=open&showAll=true');
    expect(tickets.tickets.find((ticket) => ticket.contact.name === 'Paulo Page')?.channel).toBe('facebook');
    await page.close();
  });
});
