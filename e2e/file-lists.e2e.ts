import type { FileListView } from '@atende/shared/file-lists';
import type { QueueView } from '@atende/shared/queues';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn, startServerWithQueues, type Api, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let page: Page;

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Vendas', color: '#4caf50' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// a 1x1 PNG and a minimal PDF
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const listsNamed = async (name: string) =>
  (await admin.call<{ files: FileListView[] }>('GET', `/files/?searchParam=${encodeURIComponent(name)}`)).files;

describe('file lists screen and the queue dialog (02-operations §2 /files, Queue screens; §5 File list)', () => {
  it('adds a file list with two files, edits it, and a new list arrives live', async () => {
    await page.goto(`${server.url}/files`);
    await page.getByTestId('file-lists-table').waitFor();
    await page.getByTestId('file-lists-add').click();
    await page.getByTestId('file-list-save').click();
    // §5: name too short and message required, nothing saved
    await page.getByText('Obrigatório').first().waitFor();
    await page.getByTestId('file-list-name').fill('Catálogo');
    await page.getByTestId('file-list-message').fill('Segue o nosso catálogo');
    await page.getByTestId('file-list-option-add').click();
    await page.getByTestId('file-list-option-add').click();
    const options = page.getByTestId('file-list-option');
    await options.nth(0).getByTestId('file-list-option-name').fill('Capa');
    await options.nth(0).getByTestId('file-list-option-file').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: PNG });
    await options.nth(1).getByTestId('file-list-option-name').fill('Preços');
    await options.nth(1).getByTestId('file-list-option-file').setInputFiles({ name: 'precos.pdf', mimeType: 'application/pdf', buffer: PDF });
    await options.nth(1).getByText('precos.pdf').waitFor();
    await page.getByTestId('file-list-save').click();
    await page.getByTestId('file-lists-row').filter({ hasText: 'Catálogo' }).filter({ hasText: '2' }).waitFor();
    const [saved] = await listsNamed('Catálogo');
    expect(saved.options.map((option) => [option.name, option.mediaType])).toEqual([
      ['Capa', 'image'],
      ['Preços', 'application'],
    ]);

    // edit: drop the cover, keep the prices file
    await page.getByTestId('file-lists-row').filter({ hasText: 'Catálogo' }).getByTestId('file-lists-edit').click();
    await expect.poll(() => page.getByTestId('file-list-option').count()).toBe(2);
    await page.getByTestId('file-list-option').nth(0).getByTestId('file-list-option-remove').click();
    await page.getByTestId('file-list-save').click();
    await expect.poll(async () => (await listsNamed('Catálogo'))[0].options.map((option) => option.name)).toEqual(['Preços']);
    await page.getByTestId('file-lists-row').filter({ hasText: 'Catálogo' }).filter({ hasText: '1' }).waitFor();

    // another sign-in's list shows up without a reload (company-{id}-file)
    await admin.call('POST', '/files', { name: 'Contratos', message: 'Seus contratos' });
    await page.getByTestId('file-lists-row').filter({ hasText: 'Contratos' }).waitFor();
  });

  it('the queue dialog offers the file list and integration choices and saves them', async () => {
    const integration = await admin.call<{ id: number }>('POST', '/queueIntegration', { type: 'webhook', name: 'Webhook CRM', urlN8N: 'https://crm.example/hook' });
    const [catalogue] = await listsNamed('Catálogo');
    const queueId = server.queues[0].id;
    await page.goto(`${server.url}/queues`);
    await page.locator(`[data-testid="queues-row"][data-queue-id="${queueId}"]`).getByTestId('queues-edit').click();
    await page.getByTestId('queue-file-list').click();
    await page.getByTestId(`queue-file-list-option-${catalogue.id}`).click();
    await page.getByTestId('queue-integration').click();
    await page.getByTestId(`queue-integration-option-${integration.id}`).click();
    await page.getByTestId('queue-save').click();
    await expect.poll(async () => {
      const queue = await admin.call<QueueView>('GET', `/queue/${queueId}`);
      return [queue.fileListId, queue.integrationId];
    }).toEqual([catalogue.id, integration.id]);

    // a list a queue uses is not deleted: the screen says why and keeps it
    await page.goto(`${server.url}/files`);
    await page.getByTestId('file-lists-row').filter({ hasText: 'Catálogo' }).getByTestId('file-lists-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('Esta lista de arquivos é usada por uma fila ou opção do bot e não pode ser excluída.').waitFor();
    expect(await listsNamed('Catálogo')).toHaveLength(1);
  });
  it("a bot option sends the file list chosen for it, or hands the conversation to the integration chosen for it (02-operations §3 Chatbot option optFileId, optIntegrationId)", async () => {
    const integration = await admin.call<{ id: number }>('POST', '/queueIntegration', { type: 'webhook', name: 'Webhook do menu', urlN8N: 'https://menu.example/hook' });
    const [catalogue] = await listsNamed('Catálogo');
    const queueId = server.queues[0].id;
    const optionsOfQueue = async () => (await admin.call<QueueView>('GET', `/queue/${queueId}`)).chatbots.filter((option) => option.parentId === null);
    await page.goto(`${server.url}/queues`);
    await page.locator(`[data-testid="queues-row"][data-queue-id="${queueId}"]`).getByTestId('queues-edit').click();

    await page.getByTestId('queue-chatbot-add').click();
    const fileOption = page.getByTestId('queue-chatbot-option').last();
    await fileOption.getByTestId('queue-chatbot-name').fill('Catálogo de preços');
    await fileOption.getByTestId('queue-chatbot-type').locator('[role="combobox"]').click();
    await page.getByRole('option', { name: 'Arquivo' }).click();
    await fileOption.getByTestId('queue-chatbot-file-list').click();
    await page.getByTestId(`queue-chatbot-file-list-option-${catalogue.id}`).click();
    await fileOption.getByTestId('queue-chatbot-save').click();
    await page.locator('[data-testid="queue-chatbot-option"][data-saved="true"]').filter({ has: page.locator('input[value="Catálogo de preços"]') }).waitFor();

    await page.getByTestId('queue-chatbot-add').click();
    const botOption = page.getByTestId('queue-chatbot-option').last();
    await botOption.getByTestId('queue-chatbot-name').fill('Falar com o robô');
    await botOption.getByTestId('queue-chatbot-type').locator('[role="combobox"]').click();
    await page.getByRole('option', { name: 'Integração' }).click();
    expect(await botOption.getByTestId('queue-chatbot-file-list').count()).toBe(0);
    await botOption.getByTestId('queue-chatbot-integration').click();
    await page.getByTestId(`queue-chatbot-integration-option-${integration.id}`).click();
    await botOption.getByTestId('queue-chatbot-save').click();

    await expect
      .poll(async () => (await optionsOfQueue()).map((option) => [option.name, option.queueType, option.optFileId, option.optIntegrationId]))
      .toEqual(
        expect.arrayContaining([
          ['Catálogo de preços', 'file', catalogue.id, null],
          ['Falar com o robô', 'integration', null, integration.id],
        ]),
      );
  });
});
