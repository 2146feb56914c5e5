import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { apiAs, createSandbox, signIn as signInAt } from './helpers/attendance.ts';
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

const signIn = (page: Page) => signInAt(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

describe('Talk.Ai prompts screen (02-operations §2 /prompts, §5 Prompt)', () => {
  it("asks for the queue ('Informe o setor'), saves with the §9 defaults, edits and deletes a prompt", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/queues`);
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-name').fill('Atendimento IA');
    await page.getByTestId('queue-color').fill('#224466');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-chatbot-add').waitFor();
    await page.getByTestId('queue-cancel').click();
    await page.getByTestId('queue-modal').waitFor({ state: 'detached' });

    await page.goto(`${server.url}/prompts`);
    await page.getByTestId('prompts-table').waitFor();
    await page.getByTestId('prompts-add').click();
    await page.getByTestId('prompt-modal').waitFor();
    await page.getByTestId('prompt-name').fill('Assistente');
    await page.getByTestId('prompt-api-key').fill('sk-e2e-key-000');
    await page.getByTestId('prompt-text').fill('Você é a assistente da loja e responde com poucas palavras.');
    expect(await page.getByTestId('prompt-max-tokens').inputValue()).toBe('100');
    expect(await page.getByTestId('prompt-temperature').inputValue()).toBe('1');
    expect(await page.getByTestId('prompt-max-messages').inputValue()).toBe('10');
    await page.getByTestId('prompt-save').click();
    await page.getByText('Informe o setor').first().waitFor();

    await page.getByTestId('prompt-queue').locator('[role="combobox"]').click();
    await page.locator('[data-testid^="prompt-queue-"]').filter({ hasText: 'Atendimento IA' }).click();
    await page.getByTestId('prompt-save').click();
    await page.getByTestId('prompt-modal').waitFor({ state: 'detached' });
    const row = page.getByTestId('prompts-row').filter({ hasText: 'Assistente' });
    await row.filter({ hasText: 'Atendimento IA' }).filter({ hasText: '100' }).waitFor();

    // the key is never shown again; leaving it empty keeps it
    await row.getByTestId('prompts-edit').click();
    await expect.poll(() => page.getByTestId('prompt-name').inputValue()).toBe('Assistente');
    expect(await page.getByTestId('prompt-api-key').inputValue()).toBe('');
    await page.getByTestId('prompt-max-tokens').fill('250');
    await page.getByTestId('prompt-save').click();
    await page.getByTestId('prompt-modal').waitFor({ state: 'detached' });
    await page.getByTestId('prompts-row').filter({ hasText: '250' }).waitFor();

    await page.getByTestId('prompts-row').filter({ hasText: 'Assistente' }).getByTestId('prompts-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('prompts-row').filter({ hasText: 'Assistente' }).waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('queue integrations screen (02-operations §2 /queue-integration, §5 Queue integration)', () => {
  it('shows the fields of the chosen type, refuses a short name, adds, searches, edits and deletes an integration', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/queue-integration`);
    await page.getByTestId('integrations-table').waitFor();
    await page.getByTestId('integrations-add').click();
    await page.getByTestId('integration-modal').waitFor();
    // typebot by default: URL, slug and the typebot messages
    await page.getByTestId('integration-typebotSlug').waitFor();
    await page.getByTestId('integration-type').locator('[role="combobox"]').click();
    await page.getByTestId('integration-type-webhook').click();
    await page.getByTestId('integration-typebotSlug').waitFor({ state: 'detached' });
    await page.getByTestId('integration-name').fill('W');
    await page.getByTestId('integration-urlN8N').fill('https://hooks.example/in');
    await page.getByTestId('integration-save').click();
    await page.getByText('Too Short!').first().waitFor();
    await page.getByTestId('integration-name').fill('Webhook loja');
    await page.getByTestId('integration-save').click();
    await page.getByTestId('integration-modal').waitFor({ state: 'detached' });
    await page.getByTestId('integrations-row').filter({ hasText: 'Webhook loja' }).filter({ hasText: 'webhook' }).waitFor();

    await page.getByTestId('integrations-search').fill('nada disso');
    await page.getByTestId('integrations-row').first().waitFor({ state: 'detached' });
    await page.getByTestId('integrations-search').fill('loja');
    await page.getByTestId('integrations-row').filter({ hasText: 'Webhook loja' }).getByTestId('integrations-edit').click();
    await expect.poll(() => page.getByTestId('integration-urlN8N').inputValue()).toBe('https://hooks.example/in');
    await page.getByTestId('integration-name').fill('Webhook vendas');
    await page.getByTestId('integration-save').click();
    await page.getByTestId('integration-modal').waitFor({ state: 'detached' });
    await page.getByTestId('integrations-search').fill('');
    await page.getByTestId('integrations-row').filter({ hasText: 'Webhook vendas' }).getByTestId('integrations-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('integrations-row').filter({ hasText: 'Webhook vendas' }).waitFor({ state: 'detached' });
    await page.close();
  });
});

describe("the connection dialog's integrations tab (02-operations §2 connection dialog, §3 Connection promptId, integrationId)", () => {
  it('chooses the AI prompt and the queue integration of a connection; each selector shows only with its plan flag', async () => {
    const api = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const queue = await api.call<{ id: number }>('POST', '/queue', { name: 'Fila do bot', color: '#335577' });
    const prompt = await api.call<{ id: number }>('POST', '/prompt', {
      name: 'Assistente da loja',
      prompt: 'Você é a assistente da loja e responde com poucas palavras.',
      apiKey: 'sk-e2e-key-111',
      queueId: queue.id,
    });
    const integration = await api.call<{ id: number }>('POST', '/queueIntegration', { type: 'webhook', name: 'Webhook do bot', urlN8N: 'https://hooks.example/bot' });
    const sandbox = await createSandbox(api, 'Conexão com bot');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-row').filter({ hasText: 'Conexão com bot' }).getByTestId('connections-edit').click();
    await page.getByTestId('connection-tab-integrations').click();
    await page.getByTestId('connection-prompt').locator('[role="combobox"]').click();
    await page.getByTestId(`connection-prompt-option-${prompt.id}`).click();
    await page.getByTestId('connection-integration').locator('[role="combobox"]').click();
    await page.getByTestId(`connection-integration-option-${integration.id}`).click();
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-modal').waitFor({ state: 'detached' });
    expect(await api.call('GET', `/whatsapp/${sandbox.id}`)).toMatchObject({ promptId: prompt.id, integrationId: integration.id });

    // reopened, the choices are shown; "none" takes the integration away
    await page.getByTestId('connections-row').filter({ hasText: 'Conexão com bot' }).getByTestId('connections-edit').click();
    await page.getByTestId('connection-tab-integrations').click();
    await page.getByTestId('connection-integration').getByText('Webhook do bot').waitFor();
    await page.getByTestId('connection-prompt').getByText('Assistente da loja').waitFor();
    await page.getByTestId('connection-integration').locator('[role="combobox"]').click();
    await page.getByRole('option', { name: 'Nenhuma' }).click();
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-modal').waitFor({ state: 'detached' });
    expect(await api.call('GET', `/whatsapp/${sandbox.id}`)).toMatchObject({ promptId: prompt.id, integrationId: null });

    // a plan without useOpenAi shows only the integration selector; without either, a notice
    const plans = await api.call<{ id: number }[]>('GET', '/plans/all');
    const setFlags = (flags: Record<string, boolean>) => Promise.all(plans.map((plan) => api.call('PUT', `/plans/${plan.id}`, flags)));
    try {
      await setFlags({ useOpenAi: false });
      await page.reload();
      await page.getByTestId('connections-row').filter({ hasText: 'Conexão com bot' }).getByTestId('connections-edit').click();
      await page.getByTestId('connection-tab-integrations').click();
      await page.getByTestId('connection-integration').waitFor();
      expect(await page.getByTestId('connection-prompt').count()).toBe(0);
      await page.getByTestId('connection-cancel').click();
      await setFlags({ useIntegrations: false });
      await page.reload();
      await page.getByTestId('connections-row').filter({ hasText: 'Conexão com bot' }).getByTestId('connections-edit').click();
      await page.getByTestId('connection-tab-integrations').click();
      await page.getByTestId('connection-integrations-off').waitFor();
      expect(await page.getByTestId('connection-integration').count()).toBe(0);
    } finally {
      await setFlags({ useOpenAi: true, useIntegrations: true });
    }
    await page.close();
  }, 240_000);
});
