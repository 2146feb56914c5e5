// The screens an attendant uses every day, as a new company meets them (issue 35).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;

const screenshots = resolve(import.meta.dirname, 'screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe-core's serious and critical findings on the page as it is now, one line each
const seriousViolations = async (page: Page) => {
  // evaluated, not added as a script tag, which the product's Content-Security-Policy refuses
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(' ')}`);
};

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box');
  return found;
};

const ATTENDANT = { name: 'Bia Atendente', email: 'bia@e2e.test', password: 'bia-password' };

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Suporte', color: '#2196f3' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  // allTicket: the sandbox's tickets come without a queue
  await admin.call('POST', '/users', { ...ATTENDANT, profile: 'user', queueIds: [server.queues[0].id], allTicket: 'enabled' });
  sandbox = await createSandbox(admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Ticket = { id: number; uuid: string; lastMessage: string; contact: { name: string } };

// A customer writes in; the admin takes the ticket, so the chat is open and can be answered.
const openTicketWith = async (from: string, name: string, body: string) => {
  await sandbox.inbound(from, name, body);
  const { tickets } = await admin.call<{ tickets: Ticket[] }>('GET', '/tickets?status=pending&showAll=true');
  const ticket = tickets.find((row) => row.contact.name === name);
  if (!ticket) throw new Error(`no ticket for ${name}`);
  await admin.call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.userId, queueId: server.queues[0].id });
  return ticket;
};

const newPage = async (viewport = { width: 1366, height: 800 }) => (await browser.newContext({ viewport })).newPage();

describe('an attendant lands where they can work (issue 35 point 4)', () => {
  it('signs a user without showDashboard in to the tickets, keeps the 403 for a direct visit, and shows the waiting count on any tab', async () => {
    const page = await newPage();
    await signIn(page, server.url, ATTENDANT.email, ATTENDANT.password);
    await page.getByTestId('ticket-list-panel').waitFor();
    expect(new URL(page.url()).pathname).toBe('/tickets');
    expect(await page.getByTestId('access-denied').count()).toBe(0);

    // the open tab is selected; a customer starts waiting
    await expect.poll(() => page.getByTestId('tickets-tab-open').getAttribute('aria-selected')).toBe('true');
    await sandbox.inbound('5511977770001', 'Cliente Esperando', 'Oi, alguém aí?');
    await expect.poll(() => page.getByTestId('tickets-tab-pending').textContent()).toMatch(/1$/);
    await page.getByTestId('tickets-tab-closed').click();
    await expect.poll(() => page.getByTestId('tickets-tab-pending').textContent()).toMatch(/1$/);

    await page.goto(`${server.url}/`);
    await page.getByTestId('access-denied').waitFor();
    await page.context().close();
  });

  it('still signs an admin in to the dashboard (issue 35 point 4)', async () => {
    const page = await newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('access-denied').count()).toBe(0);
    await page.context().close();
  });
});

describe('messages look like WhatsApp (issue 35 point 10)', () => {
  it('renders bold, italic, strike and monospace as text elements, and a document with its name and size', async () => {
    const ticket = await openTicketWith('5511977770002', 'Cliente Formatos', 'Quero *muito* _isso_ ~aquilo~ ```codigo``` <b>cru</b>');
    const pdf = new Blob([`%PDF-1.4\n${'0'.repeat(3056)}\n%%EOF\n`], { type: 'application/pdf' });
    const form = new FormData();
    form.append('medias', pdf, 'contrato.pdf');
    const sent = await fetch(`${server.url}/messages/${ticket.id}`, { method: 'POST', headers: { Authorization: `Bearer ${admin.token}` }, body: form });
    expect(sent.status).toBeLessThan(300);

    const page = await newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    const body = page.getByTestId('message-body').filter({ hasText: 'Quero' });
    await body.waitFor();
    expect(await body.locator('strong').textContent()).toBe('muito');
    expect(await body.locator('em').textContent()).toBe('isso');
    expect(await body.locator('s').textContent()).toBe('aquilo');
    expect(await body.locator('code').textContent()).toBe('codigo');
    // markup a customer typed stays text
    expect(await body.locator('b').count()).toBe(0);
    expect(await body.textContent()).toContain('<b>cru</b>');

    const document = page.getByTestId('message-document');
    await document.waitFor();
    await expect.poll(() => document.getByTestId('message-document-name').textContent()).toBe('contrato.pdf');
    await expect.poll(() => document.getByTestId('message-document-size').textContent()).toMatch(/^3 kB$/);
    // the list names the document, not its media type
    const row = page.getByTestId('ticket-list').locator(`[data-ticket-uuid="${ticket.uuid}"]`);
    await page.getByTestId('tickets-tab-open').click();
    await expect.poll(() => row.getByTestId('ticket-row-last').textContent()).toBe('📄 contrato.pdf');
    await page.context().close();
  });
});

describe('every word in the user\'s language (issue 35 point 12)', () => {
  it("translates MUI's table pagination with the app's language and asks for the export in it", async () => {
    const page = await newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/reports`);
    const pagination = page.getByTestId('report-pagination');
    await pagination.waitFor();
    expect(await pagination.getByRole('button', { name: 'Ir para a próxima página' }).count()).toBe(1);
    expect(await pagination.textContent()).toContain('0–0 de 0');

    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await pagination.waitFor();
    await expect.poll(() => pagination.getByRole('button', { name: 'Ir a la página siguiente' }).count()).toBe(1);
    expect(await pagination.textContent()).not.toContain('Go to');
    const exportCall = page.waitForRequest((request) => request.url().includes('/ticketreport/reports/export'));
    await page.getByTestId('report-export').click();
    expect((await exportCall).headers()['accept-language']).toBe('es');
    await page.context().close();
  });
});

// 60 characters, the longest name a ticket row shows whole (01-core §9)
const LONG_NAME = 'Maria Aparecida dos Santos Oliveira Pereira da Silva Junior.';
const LONG_MESSAGE = `${'Uma mensagem muito longa sobre o pedido '.repeat(49)}fim`.slice(0, 2000);

describe('the chat stays usable with the contact drawer open (issue 35 point 3)', () => {
  let uuid = '';
  beforeAll(async () => {
    uuid = (await openTicketWith('5511977770003', LONG_NAME, LONG_MESSAGE)).uuid;
  });

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width}×${viewport.height}: the drawer leaves the chat room or overlays it, the header keeps the contact, the app bar fits`, async () => {
      mkdirSync(screenshots, { recursive: true });
      const page = await newPage(viewport);
      await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.goto(`${server.url}/tickets/${uuid}`);
      const header = page.getByTestId('ticket-header');
      await header.waitFor();
      await page.getByTestId('message-body').filter({ hasText: 'fim' }).waitFor();
      await page.getByTestId('ticket-header-contact').click();
      const drawer = page.getByTestId('contact-drawer');
      await drawer.waitFor();
      await page.getByTestId('contact-drawer-name').waitFor();
      await page.screenshot({ path: resolve(screenshots, `chat-drawer-${viewport.width}.png`) });

      // the chat keeps a usable width beside the drawer, or the drawer lies over it
      if ((await drawer.getAttribute('data-overlay')) !== 'true') expect((await box(header)).width).toBeGreaterThanOrEqual(360);
      // the header's buttons sit beside the contact, never over its avatar or name
      const contact = await box(page.getByTestId('ticket-header-contact'));
      expect((await box(page.getByTestId('ticket-header-name'))).width).toBeGreaterThan(60);
      for (const testId of ['ticket-return', 'ticket-resolve', 'schedule-contact', 'ticket-menu']) {
        expect((await box(header.getByTestId(testId))).x, testId).toBeGreaterThanOrEqual(contact.x + contact.width);
      }
      const headerBox = await box(header);
      expect((await box(header.getByTestId('ticket-menu'))).x + 40).toBeLessThanOrEqual(headerBox.x + headerBox.width + 1);
      // a 2,000-character message wraps inside the chat
      const message = await box(page.getByTestId('message-body').filter({ hasText: 'fim' }));
      expect(message.x + message.width).toBeLessThanOrEqual(headerBox.x + headerBox.width);
      // every app bar button, the account one last, is whole on the screen
      const account = await box(page.getByTestId('user-menu-button'));
      expect(account.x).toBeGreaterThanOrEqual(0);
      expect(account.x + account.width).toBeLessThanOrEqual(viewport.width);
      await page.context().close();
    });
  }

  it('has no serious or critical axe-core violation on /login, /tickets with a chat open and /contacts', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-submit').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/tickets/${uuid}`);
    await page.getByTestId('message-body').filter({ hasText: 'fim' }).waitFor();
    await page.getByTestId('ticket-list').locator(`[data-ticket-uuid="${uuid}"]`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${server.url}/contacts`);
    await page.getByText(LONG_NAME).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

