// Macros in the browser (issue 40 point 2): an attendant builds a personal macro on the macros
// screen, runs it on a ticket from the chat header's menu and sees what it did, then runs a shared
// macro from the chat input's '/' menu; a deleted tag is flagged on the macro's action.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;
let attendantId: number;
let vipTag: { id: number };
const ATTENDANT = { name: 'Ana Macros', email: 'ana.macros@example.com', password: 'Attendant#2026' };
const SHARED_MACRO = 'Encerrar com agradecimento';

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Suporte', color: '#2196f3' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  sandbox = await createSandbox(admin);
  vipTag = await admin.call<{ id: number }>('POST', '/tags', { name: 'Cliente VIP', color: '#9c27b0', kanban: 0 });
  attendantId = (await admin.call<{ id: number }>('POST', '/users', { ...ATTENDANT, profile: 'user', queueIds: [server.queues[0].id] })).id;
  await admin.call('POST', '/macros', { name: SHARED_MACRO, shared: true, actions: [{ kind: 'setPriority', priority: 'urgent' }, { kind: 'sendMessage', text: 'Obrigado pelo contato!' }] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// a select of the action editor: its row's field, then the option
const choose = async (page: Page, field: ReturnType<Page['getByTestId']>, option: string) => {
  await field.locator('[role="combobox"]').click();
  await page.getByTestId(option).click();
};

describe('macros in the browser (issue 40 point 2)', () => {
  it('issue 40 point 2: an attendant creates a personal macro, runs it from the chat header, then a shared one from the / menu', async () => {
    await sandbox.inbound('5511977771234', 'Marina Costa', 'Olá, preciso de ajuda com meu pedido');
    const { tickets } = await admin.call<{ tickets: { id: number; uuid: string }[] }>('GET', '/tickets?status=pending&showAll=true');
    const ticket = tickets[0];
    await admin.call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: attendantId, queueId: server.queues[0].id });

    const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await signIn(page, server.url, ATTENDANT.email, ATTENDANT.password);

    // the screen lists the shared macro beside the attendant's own
    await page.getByTestId('menu-macros').click();
    await page.getByTestId('macros-row').filter({ hasText: SHARED_MACRO }).getByTestId('macros-shared').waitFor();
    await page.getByTestId('macros-add').click();
    const form = page.getByTestId('macro-form');
    // an attendant's macros are their own: no sharing switch
    expect(await form.getByTestId('macro-shared').count()).toBe(0);
    await form.getByTestId('macro-name').fill('Cliente VIP');
    const rows = form.getByTestId('macro-actions-row');
    // the first action starts as "set priority: high"
    await expect.poll(() => rows.first().getAttribute('data-kind')).toBe('setPriority');
    await form.getByTestId('macro-actions-add').click();
    await choose(page, rows.nth(1).getByTestId('macro-actions-kind'), 'macro-actions-kind-addTag');
    await choose(page, rows.nth(1).getByTestId('macro-actions-param'), `macro-actions-param-option-${vipTag.id}`);
    await form.getByTestId('macro-actions-add').click();
    await choose(page, rows.nth(2).getByTestId('macro-actions-kind'), 'macro-actions-kind-addNote');
    // a note without its text is refused on its field
    await form.getByTestId('macro-save').click();
    await rows.nth(2).getByText('Obrigatório').waitFor();
    await rows.nth(2).getByTestId('macro-actions-param-input').fill('Cliente prioritário: atender primeiro');
    await form.getByTestId('macro-save').click();
    await page.getByTestId('macros-row').filter({ hasText: 'Cliente VIP' }).waitFor();

    // run from the chat header's menu
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await expect.poll(() => page.getByTestId('ticket-chat').getAttribute('data-status')).toBe('open');
    await page.getByTestId('ticket-menu').click();
    await page.getByTestId('ticket-macros').click();
    await page.getByTestId('ticket-macro').filter({ hasText: 'Cliente VIP' }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'Definir prioridade, Adicionar tag, Adicionar nota privada' }).waitFor();
    const row = page.getByTestId('ticket-list').locator(`[data-ticket-uuid="${ticket.uuid}"]`);
    await expect.poll(() => row.getByTestId('ticket-row-priority').getAttribute('data-priority')).toBe('high');
    // the tag goes on the contact, as a tag action does (docs/automation.md)
    await page.getByTestId('ticket-header-contact').click();
    await page.getByTestId('contact-drawer').getByText('Cliente VIP').waitFor();
    await page.getByTestId('contact-drawer-close').click();
    await page.getByTestId('ticket-menu').click();
    await page.getByTestId('ticket-notes').click();
    await page.getByTestId('note-item').filter({ hasText: 'Cliente prioritário: atender primeiro' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('notes-dialog').waitFor({ state: 'detached' });

    // run from the '/' menu: the macros have their own group; choosing one runs it and types nothing
    const input = page.getByTestId('message-input');
    await input.fill('/encer');
    await page.getByTestId('macro-suggestions-title').waitFor();
    await page.getByTestId('macro-suggestion').filter({ hasText: SHARED_MACRO }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'Definir prioridade, Enviar mensagem' }).waitFor();
    expect(await input.inputValue()).toBe('');
    await expect.poll(() => row.getByTestId('ticket-row-priority').getAttribute('data-priority')).toBe('urgent');
    await page.getByTestId('ticket-chat').getByText('Obrigado pelo contato!').waitFor();
    await expect.poll(async () => (await sandbox.outbox()).some((message) => message.body.includes('Obrigado pelo contato!'))).toBe(true);

    // issue 40 "Bad input": once its tag is deleted, the macro's screen flags the action
    await admin.call('DELETE', `/tags/${vipTag.id}`);
    await page.getByTestId('menu-macros').click();
    await page.getByTestId('macros-row').filter({ hasText: 'Cliente VIP' }).getByTestId('macros-broken').waitFor();
    expect(await page.getByTestId('macros-row').filter({ hasText: 'Cliente VIP' }).getByTestId('macros-broken').getAttribute('aria-label')).toContain('Ação 2');
    await context.close();
  });
});
