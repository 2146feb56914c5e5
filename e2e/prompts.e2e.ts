import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const signIn = async (page: Page) => {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-bar').waitFor();
};

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
