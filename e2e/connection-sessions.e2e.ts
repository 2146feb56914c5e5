// The connections screen's session side in a real browser (02-operations §2 Connections
// screens, §4 Connection status, §7 Connections). The e2e server is a real process whose WhatsApp
// Web sessions would have to reach WhatsApp, which this machine cannot, and it has no switch for a
// fake Baileys socket; so the rows of WhatsApp Web sessions in given states are served to the page
// with page.route, and the session commands they send are caught the same way. Everything else
// (Cloud API, Facebook/Instagram, greeting attachment, live list events) runs against the real
// server and a fake Graph server on loopback.
import type { ConnectionView } from '@atende/shared/connections';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pt from '../apps/web/src/locales/pt.json';
import { INVALID_TOKEN, startFakeGraph, type FakeGraph } from '../apps/server/test/helpers/fake-graph.ts';
import { apiAs, createSandbox, signIn, type Api } from './helpers/attendance.ts';
import { closeRoutedPage, launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let graph: FakeGraph;
let server: RunningServer;
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  graph = await startFakeGraph();
  server = await startServer({ META_GRAPH_URL: graph.graphUrl, META_APP_SECRET: 'e2e-app-secret', META_VERIFY_TOKEN: 'e2e-verify' });
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await graph?.close();
});

const openConnections = async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 820 } });
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  return page;
};

const rowOf = (page: Page, name: string) => page.getByTestId('connections-row').filter({ hasText: name });

// The GET /whatsapp answer with the given rows put in place of (or added to) the real ones.
const serveRows = async (page: Page, rows: (base: ConnectionView) => ConnectionView[]) => {
  await page.route(/\/whatsapp(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const answer = await route.fetch();
    const real = (await answer.json()) as ConnectionView[];
    await route.fulfill({ response: answer, json: [...real, ...rows(real[0])] });
  });
};

// Session commands answered in the page and recorded.
const catchSessionCommands = async (page: Page) => {
  const seen: string[] = [];
  await page.route(/\/(whatsappsession|closedimported)\/\d+$/, async (route) => {
    const request: Request = route.request();
    seen.push(`${request.method()} ${new URL(request.url()).pathname}`);
    await route.fulfill({ json: request.url().includes('closedimported') ? { closed: 2 } : { message: 'ok' } });
  });
  return seen;
};

describe('connections session column (02-operations §4 Connection status)', () => {
  it('shows the buttons of each session status, asks before disconnecting and sends the session commands (02-operations §4 Connection status, §7 Connections)', async () => {
    // a real row: the served WhatsApp Web rows copy its fields
    await createSandbox(admin, 'Base');
    const page = await openConnections();
    const session = (id: number, name: string, status: string, extra: Partial<ConnectionView> = {}) =>
      (base: ConnectionView): ConnectionView => ({ ...base, id, name, channel: 'whatsapp', status, qrcode: '', statusImportMessages: null, ...extra });
    await serveRows(page, (base) => [
      session(9001, 'Wa Desconectado', 'DISCONNECTED')(base),
      session(9002, 'Wa Abrindo', 'OPENING')(base),
      session(9003, 'Wa Conectado', 'CONNECTED')(base),
      session(9004, 'Wa Pareando', 'PAIRING')(base),
      session(9005, 'Wa Expirado', 'TIMEOUT')(base),
      session(9006, 'Wa Importado', 'CONNECTED', { statusImportMessages: 'renderButtonCloseTickets' })(base),
      session(9007, 'Wa Preparando', 'CONNECTED', { statusImportMessages: String(Date.now()) })(base),
      { ...base, id: 9008, name: 'Pagina Caida', channel: 'facebook', status: 'DISCONNECTED' },
    ]);
    const commands = await catchSessionCommands(page);
    await page.goto(`${server.url}/connections`);
    await rowOf(page, 'Wa Desconectado').waitFor();

    const buttonsOf = (name: string) => rowOf(page, name).getByTestId('connections-session').locator('button, [data-testid="session-reconnect-hint"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(await buttonsOf('Wa Desconectado')).toEqual(['session-tryAgain', 'session-newQr']);
    expect(await buttonsOf('Wa Abrindo')).toEqual(['session-connecting']);
    expect(await rowOf(page, 'Wa Abrindo').getByTestId('session-connecting').isDisabled()).toBe(true);
    expect(await buttonsOf('Wa Conectado')).toEqual([]);
    expect(await buttonsOf('Wa Pareando')).toEqual(['session-disconnect']);
    expect(await buttonsOf('Wa Expirado')).toEqual(['session-disconnect']);
    expect(await buttonsOf('Wa Importado')).toEqual(['session-close-imported']);
    expect(await buttonsOf('Wa Preparando')).toEqual(['session-import-preparing']);
    expect(await rowOf(page, 'Wa Preparando').getByTestId('session-import-preparing').isDisabled()).toBe(true);
    expect(await buttonsOf('Pagina Caida')).toEqual(['session-reconnect-hint']);
    // a sandbox has no session: its one button plays a customer (issue 35 point 13)
    expect(await buttonsOf('Base')).toEqual(['session-sandbox-customer']);

    await rowOf(page, 'Wa Expirado').getByTestId('session-disconnect').hover();
    await page.getByRole('tooltip').filter({ hasText: pt.connections.session.timeoutTooltip }).waitFor();

    await rowOf(page, 'Wa Desconectado').getByTestId('session-tryAgain').click();
    await rowOf(page, 'Wa Desconectado').getByTestId('session-newQr').click();
    await rowOf(page, 'Wa Importado').getByTestId('session-close-imported').click();
    await expect.poll(() => [...commands].sort()).toEqual(['POST /closedimported/9006', 'POST /whatsappsession/9001', 'PUT /whatsappsession/9001']);

    await rowOf(page, 'Wa Pareando').getByTestId('session-disconnect').click();
    await page.getByTestId('confirm-dialog').waitFor();
    expect(commands).not.toContain('DELETE /whatsappsession/9004');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    expect(commands).toContain('DELETE /whatsappsession/9004');
    await closeRoutedPage(page);
  });

  it('a session that cannot reach WhatsApp shows the reason and a try again button, also while it still retries (issue 35 point 8)', async () => {
    await createSandbox(admin, 'Base Falha');
    const page = await openConnections();
    const failing = (id: number, name: string, status: string) => (base: ConnectionView): ConnectionView =>
      ({ ...base, id, name, channel: 'whatsapp', status, qrcode: '', statusImportMessages: null, statusReason: 'unreachable', statusReasonCode: 408 });
    await serveRows(page, (base) => [failing(9101, 'Wa Sem Rota', 'DISCONNECTED')(base), failing(9102, 'Wa Religando', 'OPENING')(base)]);
    const commands = await catchSessionCommands(page);
    await page.goto(`${server.url}/connections`);

    const reasonText = `${pt.connections.session.reasons.unreachable} (${pt.connections.session.reasonCode.replace('{{code}}', '408')})`;
    for (const name of ['Wa Sem Rota', 'Wa Religando']) {
      const reason = rowOf(page, name).getByTestId('session-reason');
      await reason.waitFor();
      expect(await reason.textContent()).toBe(reasonText);
      expect(await reason.isVisible()).toBe(true);
    }
    expect(await rowOf(page, 'Base Falha').getByTestId('session-reason').count()).toBe(0);
    await rowOf(page, 'Wa Religando').getByTestId('session-tryAgain').click();
    await rowOf(page, 'Wa Sem Rota').getByTestId('session-tryAgain').click();
    await expect.poll(() => [...commands].sort()).toEqual(['POST /whatsappsession/9101', 'POST /whatsappsession/9102']);
    await closeRoutedPage(page);
  });

  it('shows the QR code and closes its dialog when a live update empties the QR (02-operations §2 Connections screens)', async () => {
    const sandbox = await createSandbox(admin, 'Para Parear');
    const page = await openConnections();
    // the real connection is served as a WhatsApp Web session waiting for its QR to be read;
    // a real update of it then arrives over company-{id}-whatsapp with an empty QR
    await page.route(/\/whatsapp(\?.*)?$/, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const answer = await route.fetch();
      const rows = ((await answer.json()) as ConnectionView[]).map((row) =>
        row.id === sandbox.id ? { ...row, channel: 'whatsapp' as const, status: 'qrcode', qrcode: '2@e2e-qr-payload,abc,def' } : row,
      );
      await route.fulfill({ response: answer, json: rows });
    });
    await page.goto(`${server.url}/connections`);
    await rowOf(page, 'Para Parear').getByTestId('session-qrcode').click();
    const image = page.getByTestId('qrcode-image');
    await image.waitFor();
    expect(await image.getAttribute('data-qrcode')).toBe('2@e2e-qr-payload,abc,def');
    expect(await image.locator('path').count()).toBeGreaterThan(0);

    await admin.call('PUT', `/whatsapp/${sandbox.id}`, { name: 'Pareado' });
    await page.getByTestId('qrcode-dialog').waitFor({ state: 'detached' });
    await rowOf(page, 'Pareado').waitFor();
    await closeRoutedPage(page);
  });
  it('restarts the WhatsApp sessions of the company from the header (02-operations §7 Connections)', async () => {
    const page = await openConnections();
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-restart').click();
    await page.getByTestId('toast-success').filter({ hasText: pt.connections.session.restarted }).first().waitFor();
    await page.close();
  });
});

describe('add menu and account dialogs (02-operations §2 Connections screens, §7 Connections)', () => {
  it('connects a Cloud API number, showing the server error for a refused token first (02-operations §7 Connections)', async () => {
    graph.addPhoneNumber('111222333444555', '+55 11 3000-0000');
    const page = await openConnections();
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-add').click();
    expect(await page.getByTestId('connections-add-whatsapp').isVisible()).toBe(true);
    await page.getByTestId('connections-add-whatsappapi').click();
    await page.getByTestId('cloud-api-dialog').waitFor();

    await page.getByTestId('cloud-api-submit').click();
    await expect.poll(() => page.getByTestId('cloud-api-name').getAttribute('aria-invalid')).toBe('true');

    await page.getByTestId('cloud-api-name').fill('Numero Oficial');
    await page.getByTestId('cloud-api-phoneNumberId').fill('111222333444555');
    await page.getByTestId('cloud-api-accessToken').fill(INVALID_TOKEN);
    await page.getByTestId('cloud-api-submit').click();
    await page.getByTestId('cloud-api-error').filter({ hasText: pt.errors.ERR_INVALID_CREDENTIALS }).waitFor();
    expect(await rowOf(page, 'Numero Oficial').count()).toBe(0);

    await page.getByTestId('cloud-api-accessToken').fill('e2e-valid-cloud-token');
    await page.getByTestId('cloud-api-submit').click();
    await page.getByTestId('cloud-api-dialog').waitFor({ state: 'detached' });
    await rowOf(page, 'Numero Oficial').filter({ hasText: '551130000000' }).waitFor();
    await page.close();
  });

  it('connects the Instagram account of a Facebook page from the Instagram item (02-operations §7 Connections)', async () => {
    graph.setPages([{ id: '900000000000001', name: 'Loja Page', access_token: 'e2e-page-token', instagram_business_account: { id: '910000000000001', username: 'loja.insta' } }]);
    const page = await openConnections();
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connections-add-instagram').click();
    await page.getByTestId('facebook-dialog').waitFor();
    await page.getByTestId('facebook-facebookUserId').fill('920000000000001');
    await page.getByTestId('facebook-facebookUserToken').fill('e2e-user-token');
    await page.getByTestId('facebook-submit').click();
    await page.getByTestId('facebook-dialog').waitFor({ state: 'detached' });
    const row = rowOf(page, 'loja.insta');
    await row.waitFor();
    expect(await row.getByTestId('connections-session').textContent()).toBe('');
    expect(await rowOf(page, 'Loja Page').count()).toBe(0);
    await page.close();
  });
});

describe('greeting attachment (02-operations §5 Connection, §7 Connections)', () => {
  it('uploads an image to a saved connection, shows it and removes it; a new connection asks to save first (02-operations §5 Connection)', async () => {
    const sandbox = await createSandbox(admin, 'Com Saudacao');
    const page = await openConnections();
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connections-add-sandbox').click();
    await page.getByTestId('connection-tab-messages').click();
    await page.getByTestId('greeting-media-save-first').waitFor();
    await page.getByTestId('connection-cancel').click();
    await page.getByTestId('connection-modal').waitFor({ state: 'detached' });

    await rowOf(page, 'Com Saudacao').getByTestId('connections-edit').click();
    await page.getByTestId('connection-tab-messages').click();
    const image = await page.screenshot({ clip: { x: 0, y: 0, width: 16, height: 16 } });
    await page.getByTestId('greeting-media-input').setInputFiles({ name: 'boas-vindas.png', mimeType: 'image/png', buffer: image });
    await page.getByTestId('greeting-media-current').waitFor();
    const stored = await admin.call<ConnectionView>('GET', `/whatsapp/${sandbox.id}`);
    expect(stored.greetingMediaAttachment).toBeTruthy();
    expect(await page.getByTestId('greeting-media-current').getAttribute('href')).toBe(stored.greetingMediaAttachment);

    await page.getByTestId('greeting-media-remove').click();
    await page.getByTestId('greeting-media-current').waitFor({ state: 'detached' });
    expect((await admin.call<ConnectionView>('GET', `/whatsapp/${sandbox.id}`)).greetingMediaAttachment).toBeNull();
    await page.close();
  });
});
