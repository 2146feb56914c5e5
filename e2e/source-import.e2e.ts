// Issue 39 point 4: after a switch from ticketz, an attendant carries on in the browser. The
// ticketz fixture of the importer's tests is loaded into a database of its own on the PostgreSQL
// server, with its public/ folder (the customer's photo a real JPEG drawn by the browser), and
// `npm run import:whaticket` runs as an operator runs it into the e2e app's database (PGlite in the
// app's DATA_DIR), before the app starts. The imported WhatsApp connection ("Loja Centro", the
// ticket's) would need the real WhatsApp: the setup makes it usable as a sandbox connection (its
// channel set to sandbox in the database before the app starts), so the answer goes out through
// the sandbox and shows in its outbox.
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { connections, sourceImportIds } from '../apps/server/src/db/schema.ts';
import { createSource } from '../apps/server/test/source-import/source-fixture.ts';
import { apiAs, signIn, type Api } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { seededDataDir, startServer, type RunningServer } from './helpers/server.ts';

// the fixture's users and the passwords their source hashes were made of
const ATTENDANT = { email: 'bruno@paoquente.example', password: 'source-pass-1' };
const COMPANY_ADMIN = { email: 'ana@paoquente.example', password: 'source-pass-2' };
// the fixture's open ticket of Carla Cliente, Bruno's, with a photo among its messages
const TICKET_UUID = '6f1c2d3e-0000-4000-8000-000000000002';

const root = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

let source: Awaited<ReturnType<typeof createSource>>;
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let admin: Api;
let connectionId: number;
let page: Page;

// A JPEG the browser decodes, drawn on a canvas of the browser under test.
const drawnJpeg = async () => {
  const drawing = await browser.newPage();
  const dataUrl = await drawing.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#8d5524';
    context.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/jpeg');
  });
  await drawing.close();
  return Buffer.from(dataUrl.split(',')[1], 'base64');
};

beforeAll(async () => {
  browser = await launchBrowser();
  source = await createSource('ticketz');
  writeFileSync(join(source.mediaDir, 'company2', 'foto-bolo.jpg'), await drawnJpeg());

  // the product installed and started once (docs/migrate.md step 3), then the import
  dataDir = seededDataDir('atende-e2e-source-import-');
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  await run(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/source-import/main.ts', '--from', source.url, '--media', source.mediaDir], { cwd: root, env });

  const imported = await openDatabase({ pgliteDir: dataDir });
  const [mapped] = await imported.db
    .select({ targetId: sourceImportIds.targetId })
    .from(sourceImportIds)
    .where(and(eq(sourceImportIds.entity, 'connection'), eq(sourceImportIds.sourceId, '1')));
  connectionId = mapped.targetId;
  await imported.db.update(connections).set({ channel: 'sandbox', status: 'CONNECTED' }).where(eq(connections.id, connectionId));
  await imported.close();

  server = await startServer({ DATA_DIR: dataDir });
  admin = await apiAs(server.url, COMPANY_ADMIN.email, COMPANY_ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await source?.drop();
});

const rows = () => page.getByTestId('ticket-list').locator('[data-ticket-uuid]');

describe('issue 39 point 4: an imported attendant carries on', () => {
  it('issue 39 point 4: signs in with the source password, finds a ticket by a message text, sees its history in order with its photo, and answers through the sandbox connection', async () => {
    // a page of its own for each attempt: CI's second attempt must not find the first one signed in
    await page?.close();
    page = await browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signIn(page, server.url, ATTENDANT.email, ATTENDANT.password);

    // the list is shown first: text typed while the signed-in screen still settles can be lost
    // with the field it was typed into
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    // the word is only in the customer's first message: not in the ticket's last message nor in a
    // contact's name, which a search without the messages looks at
    await page.getByTestId('tickets-search-messages').check();
    await page.getByTestId('tickets-search').fill('chocolate');
    await expect.poll(() => page.getByTestId('tickets-search').inputValue()).toBe('chocolate');
    await expect.poll(() => rows().count()).toBe(1);
    await rows().filter({ hasText: 'Carla Cliente' }).click();
    await page.waitForURL(`**/tickets/${TICKET_UUID}`);

    const chat = page.getByTestId('ticket-chat');
    await chat.getByText('Quero um bolo de chocolate').waitFor();
    const bubbles = chat.locator('[data-message-id]');
    await expect.poll(() => bubbles.count()).toBe(3);
    // the source's history in its order: the text, the photo, the message deleted there
    expect(await bubbles.nth(0).getByTestId('message-body').textContent()).toBe('Quero um bolo de chocolate');
    const photo = bubbles.nth(1).locator('img');
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(64);
    await bubbles.nth(2).getByTestId('message-deleted').waitFor();

    await page.getByTestId('message-input').fill('Seu bolo fica pronto amanhã');
    await page.getByTestId('message-send').click();
    const outbox = () => admin.call<{ body: string }[]>('GET', `/sandbox/${connectionId}/outbox`);
    await expect.poll(async () => (await outbox()).some((message) => message.body.includes('Seu bolo fica pronto amanhã'))).toBe(true);
    // the bubble: the input may still hold the text until the send's answer empties it
    await chat.getByTestId('message-body').filter({ hasText: 'Seu bolo fica pronto amanhã' }).waitFor();
  });
});
