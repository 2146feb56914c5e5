// The attendant's copilot in a real browser (issue 42 points 2 to 4): the admin sets the
// company's key on the Settings screen, the attendant drafts a reply from the knowledge with the
// keyboard shortcut, edits it and sends it, after a transfer reads the summary note, and translates
// the customer's English message (and is not offered it under her Portuguese one). The
// OpenAI-compatible API is a fake on loopback that checks the key and the prompt's delimiters.
import type { TicketsPage } from '@atende/shared/tickets';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ANSWER_DRAFT, startFakeCopilotAi } from '../apps/server/test/helpers/fake-copilot-ai.ts';
import { apiAs, createSandbox, signIn, type Api, type Sandbox } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

const COMPANY_KEY = 'sk-e2e-copilot-key';

let ai: Awaited<ReturnType<typeof startFakeCopilotAi>>;
let server: RunningServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;
let queues: { id: number; name: string }[];

beforeAll(async () => {
  ai = await startFakeCopilotAi();
  ai.acceptKey(COMPANY_KEY);
  server = await startServer({ OPENAI_BASE_URL: ai.baseUrl, OPENAI_TIMEOUT_SECONDS: '20' });
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  queues = [await admin.call('POST', '/queue', { name: 'Vendas', color: '#2196f3' }), await admin.call('POST', '/queue', { name: 'Pós-venda', color: '#4caf50' })];
  sandbox = await createSandbox(admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await ai?.close();
});

const row = (page: Page, text: string) => page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: text });

const ticketOf = async (name: string) => {
  for (const status of ['open', 'pending']) {
    const found = (await admin.call<TicketsPage>('GET', `/tickets?status=${status}&showAll=true&searchParam=${encodeURIComponent(name)}`)).tickets.find((ticket) => ticket.contact.name === name);
    if (found) return found;
  }
  throw new Error(`no ticket of ${name}`);
};

describe('copilot (issue 42 points 2 to 4)', () => {
  it('drafts a reply from the knowledge, the attendant edits and sends it; a transfer leaves a summary note; only a message in another language offers a translation', async () => {
    await admin.call('POST', '/knowledge', { title: 'Prazos de entrega', body: 'O prazo de entrega para Porto Alegre é de 3 dias úteis após a confirmação do pagamento.', queueId: queues[0].id });
    await sandbox.inbound('5511977770042', 'Carla Prazo', 'Qual o prazo de entrega para Porto Alegre?');

    const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

    // the admin sets the company's key and the summary on transfer; the key is shown only as set
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('settings-tab-copilot').click();
    await expect.poll(() => page.getByTestId('copilot-key-state').textContent()).toBe('não definida');
    await page.getByTestId('copilot-api-key').fill(COMPANY_KEY);
    await page.getByTestId('copilot-tone').fill('cordial e breve');
    await page.getByTestId('copilot-transfer-summary').check();
    await page.getByTestId('copilot-settings-save').click();
    await expect.poll(() => page.getByTestId('copilot-key-state').textContent()).toBe('definida');
    expect(await page.getByTestId('copilot-api-key').inputValue()).toBe('');

    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-tab-pending').click();
    await row(page, 'Carla Prazo').getByTestId('ticket-row-accept').click();
    await page.getByTestId('accept-dialog').waitFor();
    if (await page.getByTestId('accept-start').isDisabled()) {
      await page.getByTestId('accept-queue').click();
      await page.getByTestId(`accept-queue-option-${queues[0].id}`).click();
    }
    await page.getByTestId('accept-start').click();
    const chat = page.getByTestId('ticket-chat');
    await expect.poll(() => chat.getAttribute('data-status')).toBe('open');

    // the shortcut drafts into the composer, with the article as its source; nothing is sent
    const input = page.getByTestId('message-input');
    await page.getByTestId('copilot-bar').waitFor();
    await input.click();
    await input.press('Control+Shift+Enter');
    await expect.poll(() => input.inputValue()).toContain('3 dias úteis');
    await page.getByTestId('copilot-source').filter({ hasText: 'Prazos de entrega' }).waitFor();
    expect(ai.calls.at(-1)?.authorization).toBe(`Bearer ${COMPANY_KEY}`);
    expect(ai.calls.at(-1)?.user).toContain('<passage article=');
    expect((await sandbox.outbox()).map((message) => message.body).some((body) => body.includes('3 dias úteis'))).toBe(false);

    // the attendant edits the draft and sends it
    const draft = await input.inputValue();
    await input.fill(`${draft} Obrigada pela paciência!`);
    await input.press('Enter');
    await expect.poll(async () => (await sandbox.outbox()).map((message) => message.body)).toContain(`${draft} Obrigada pela paciência!`);
    expect(draft).not.toBe(NO_ANSWER_DRAFT);

    // a transfer to another queue: the summary arrives as a private note on the ticket
    const ticket = await ticketOf('Carla Prazo');
    await admin.call('PUT', `/tickets/${ticket.id}`, { isTransfered: true, queueId: queues[1].id, userId: null, status: 'pending' });
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    const note = page.getByTestId('ticket-chat').locator('[data-private="true"]').filter({ hasText: 'Resumo do copiloto' });
    await note.waitFor({ timeout: 60_000 });
    expect(await note.textContent()).toContain('Qual o prazo de entrega para Porto Alegre?');

    // "Traduzir" only under a message that seems to be in another language than the interface's
    // (issue 42 point 4): not under Carla's Portuguese, but under her English one
    const bubble = (text: string) => page.getByTestId('ticket-chat').locator('[data-message-id]').filter({ has: page.getByTestId('message-body').filter({ hasText: text }) });
    await sandbox.inbound('5511977770042', 'Carla Prazo', 'Where is my order? I paid it yesterday');
    await bubble('Where is my order?').getByTestId('message-translate').click();
    await expect.poll(() => bubble('Where is my order?').getByTestId('message-translation').textContent()).toBe('[Portuguese] Where is my order? I paid it yesterday');
    expect(await bubble('Qual o prazo de entrega').getByTestId('message-translate').count()).toBe(0);
    await context.close();
  });
});
