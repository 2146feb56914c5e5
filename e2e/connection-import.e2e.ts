// The message import settings of the connection dialog in a real browser (02-operations §3
// Connection, §5 Import dates). The e2e server cannot reach WhatsApp, so a sandbox connection of the
// real server is shown to the page as a WhatsApp one (page.route on its GET answers); the save goes
// to the real server, which keeps the import fields whatever the channel.
import type { ConnectionView } from '@atende/shared/connections';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pt from '../apps/web/src/locales/pt.json';
import { apiAs, createSandbox, signIn, type Api } from './helpers/attendance.ts';
import { closeRoutedPage, launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// the e2e server runs in UTC like the test process
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

// The real answers, with the given connection presented as a WhatsApp (Baileys) one.
const showAsWhatsapp = async (page: Page, connectionId: number) => {
  const asWhatsapp = (view: ConnectionView) => (view.id === connectionId ? { ...view, channel: 'whatsapp' as const } : view);
  await page.route(/\/whatsapp(\/\d+)?(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const answer = await route.fetch();
    const body = (await answer.json()) as ConnectionView | ConnectionView[];
    await route.fulfill({ response: answer, json: Array.isArray(body) ? body.map(asWhatsapp) : asWhatsapp(body) });
  });
};

describe('connection dialog: every error of a save at once (issue 35 point 9)', () => {
  it('a too short name and the NPS fields a company with ratings needs show on one save, with no request sent (02-operations §5 Connection)', async () => {
    const sandbox = await createSandbox(admin, 'Loja Avaliada');
    await admin.call('PUT', '/companySettings', { column: 'userRating', data: 'enabled' });
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-row').filter({ hasText: 'Loja Avaliada' }).getByTestId('connections-edit').click();
    await page.getByTestId('connection-modal').waitFor();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes(`/whatsapp/${sandbox.id}`)) sent.push(request.url());
    });
    await page.getByTestId('connection-name').fill('L');
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-form').getByText(pt.validation.tooShort).waitFor();
    await page.getByTestId('connection-tab-nps').click();
    await page.getByTestId('connection-form').getByText(pt.validation.npsNeedsMessage).waitFor();
    await page.getByTestId('connection-form').getByText(pt.validation.npsNeedsTime).waitFor();
    expect(pt.validation.npsNeedsMessage).toMatch(/^É obrigatório informar/);

    // fixed all at once, one save goes through
    await page.getByTestId('connection-rating-message').fill('De 0 a 10, quanto você nos recomendaria?');
    await page.getByTestId('connection-expires-nps').fill('30');
    await page.getByTestId('connection-tab-general').click();
    await page.getByTestId('connection-name').fill('Loja Avaliada');
    expect(sent).toEqual([]);
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-modal').waitFor({ state: 'detached' });
    expect(sent).toHaveLength(1);
    await admin.call('PUT', '/companySettings', { column: 'userRating', data: 'disabled' });
    await page.close();
  });
});

describe('connection dialog: message import (02-operations §3 Connection, §5 Import dates)', () => {
  it('an old date out of range shows the error; the import fields save (02-operations §5 Import dates)', async () => {
    const queue = await admin.call<{ id: number }>('POST', '/queue', { name: 'Importados', color: '#3355aa' });
    const sandbox = await createSandbox(admin, 'Loja Importação');
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await showAsWhatsapp(page, sandbox.id);
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-row').filter({ hasText: 'Loja Importação' }).getByTestId('connections-edit').click();
    await page.getByTestId('connection-modal').waitFor();

    await page.getByTestId('connection-import-enabled').click();
    await page.getByTestId('connection-import-warning').waitFor();
    await page.getByTestId('connection-import-old').fill(daysAgo(3 * 365));
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-import-section').getByText(pt.validation.importOldRange).waitFor();
    await page.getByTestId('connection-import-queue').getByText(pt.validation.required).waitFor();
    expect((await admin.call<ConnectionView>('GET', `/whatsapp/${sandbox.id}`)).enableImportMessage).toBe(false);

    await page.getByTestId('connection-import-old').fill(daysAgo(90));
    await page.getByTestId('connection-import-recent').fill(daysAgo(100));
    await page.getByTestId('connection-import-queue').locator('[role="combobox"]').click();
    await page.getByTestId(`connection-import-queue-option-${queue.id}`).click();
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-import-section').getByText(pt.validation.importRecentRange).waitFor();

    await page.getByTestId('connection-import-recent').fill(daysAgo(5));
    await page.getByTestId('connection-import-groups').click();
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-modal').waitFor({ state: 'detached' });
    expect(await admin.call<ConnectionView>('GET', `/whatsapp/${sandbox.id}`)).toMatchObject({
      enableImportMessage: true,
      importOldMessages: daysAgo(90),
      importRecentMessages: daysAgo(5),
      importOldMessagesGroups: true,
      closedTicketsPostImported: false,
      queueIdImportMessages: queue.id,
    });

    // the dialog shows what was saved (after a reload: the saved answer in the page's cache is the
    // sandbox row the server knows)
    await page.reload();
    await page.getByTestId('connections-row').filter({ hasText: 'Loja Importação' }).getByTestId('connections-edit').click();
    await expect.poll(() => page.getByTestId('connection-import-old').inputValue()).toBe(daysAgo(90));
    expect(await page.getByTestId('connection-import-recent').inputValue()).toBe(daysAgo(5));
    await closeRoutedPage(page);
  });
});
