// Automation rules in the browser (issue 40 point 1): an admin builds a rule on the rules screen
// (a message whose text contains "refund": priority urgent, the contact tagged, a reply sent), a
// sandbox customer writes, and the rule acts on the ticket; the list shows when and on which
// ticket it last ran, and its test button shows the conditions that matched there and why, in the
// user's language; a deleted tag flags the action that names it, and moving a rule up changes the
// run order.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pt from '../apps/web/src/locales/pt.json';
import { apiAs, createSandbox, signIn, type Api, type Sandbox } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;
let tag: { id: number; name: string };
const REPLY = 'We got your refund request and are on it.';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  sandbox = await createSandbox(admin);
  tag = await admin.call<{ id: number; name: string }>('POST', '/tags', { name: 'Reembolso', color: '#e91e63', kanban: 0 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// an option of a select: its menu is open in a popover at the end of the page
const choose = async (page: Page, select: ReturnType<Page['getByTestId']>, option: string) => {
  await select.click();
  await page.getByRole('listbox').getByTestId(option).click();
};

describe('automation rules screen (issue 40 point 1)', () => {
  it("issue 40 point 1: a rule built on the screen acts on a sandbox message, shows its last run and tests on that ticket, each reason in the user's language (i18n rule)", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/automation-rules`);

    await page.getByTestId('rules-add').click();
    const dialog = page.getByTestId('rule-form-dialog');
    await dialog.waitFor();
    await page.getByTestId('rule-name').fill('Refund is urgent');
    await page.getByTestId('rule-add-group').click();
    await page.getByTestId('rule-group-0-condition-0-text').fill('refund');

    // a pattern that could backtrack is refused by the server, on its field
    await page.getByTestId('rule-group-0-add').click();
    await choose(page, page.getByTestId('rule-group-0-condition-1-kind'), 'rule-group-0-condition-1-kind-textMatches');
    await page.getByTestId('rule-group-0-condition-1-pattern').fill('(a+)+b');

    const actions = page.getByTestId('rule-actions-row');
    await choose(page, actions.nth(0).getByTestId('rule-actions-param'), 'rule-actions-param-option-urgent');
    await page.getByTestId('rule-actions-add').click();
    await choose(page, actions.nth(1).getByTestId('rule-actions-kind'), 'rule-actions-kind-addTag');
    await choose(page, actions.nth(1).getByTestId('rule-actions-param'), `rule-actions-param-option-${tag.id}`);
    await page.getByTestId('rule-actions-add').click();
    await choose(page, actions.nth(2).getByTestId('rule-actions-kind'), 'rule-actions-kind-sendMessage');
    await actions.nth(2).getByTestId('rule-actions-param-input').fill(REPLY);

    await page.getByTestId('rule-save').click();
    await expect.poll(() => page.getByTestId('rule-group-0-condition-1').textContent()).toContain(pt.validation.regexNestedRepeat);
    await page.getByTestId('rule-group-0-condition-1-remove').click();
    await page.getByTestId('rule-save').click();
    await dialog.waitFor({ state: 'detached' });
    const ruleRow = page.getByTestId('rules-row').filter({ hasText: 'Refund is urgent' });
    await ruleRow.waitFor();
    await expect(ruleRow.getByTestId('rule-last-run').getAttribute('data-ticket-id')).resolves.toBeNull();

    await sandbox.inbound('5511966660001', 'Rita Cliente', 'Hello, I want a refund for my order');

    // the rule acts: the ticket is urgent, the reply is in the chat, the contact has the tag
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-tab-pending').click();
    const ticketRow = page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: 'Rita Cliente' });
    await ticketRow.waitFor();
    await expect.poll(() => ticketRow.getByTestId('ticket-row-priority').getAttribute('data-priority'), { timeout: 30_000 }).toBe('urgent');
    await ticketRow.click();
    const chat = page.getByTestId('ticket-chat');
    await chat.locator('[data-from-me="true"]').getByText(REPLY).waitFor();
    await expect.poll(async () => (await sandbox.outbox()).map((message) => message.body)).toContain(REPLY);
    await page.getByTestId('ticket-header-contact').click();
    await page.getByTestId('contact-drawer').getByText(tag.name).waitFor();

    // the list says when and on which ticket it last ran; the link opens that ticket
    await page.goto(`${server.url}/automation-rules`);
    const lastRun = page.getByTestId('rules-row').filter({ hasText: 'Refund is urgent' }).getByTestId('rule-last-run');
    await expect.poll(() => lastRun.getAttribute('data-ticket-id')).not.toBeNull();
    const ticketId = (await lastRun.getAttribute('data-ticket-id')) ?? '';
    await expect(lastRun.getByTestId('rule-last-ticket').textContent()).resolves.toContain(`#${ticketId}`);

    // the test button on that ticket: the condition matched, the three actions would run
    await page.getByTestId('rules-row').filter({ hasText: 'Refund is urgent' }).getByTestId('rule-test').click();
    // found by the contact's name, then by the ticket's number
    await page.getByTestId('rule-test-ticket').fill('Rita');
    await page.getByTestId('rule-test-ticket-option').filter({ hasText: `#${ticketId}` }).click();
    const answer = page.getByTestId('rule-test-answer');
    await expect.poll(() => answer.getAttribute('data-matched')).toBe('true');
    await page.getByTestId('rule-test-ticket').fill(ticketId);
    await page.getByTestId('rule-test-run').click();
    await expect.poll(() => answer.getAttribute('data-matched')).toBe('true');
    const condition = answer.getByTestId('rule-test-condition');
    await expect(condition.getAttribute('data-matched')).resolves.toBe('true');
    await expect(condition.textContent()).resolves.toContain(pt.automationRules.reasons.messageIs.replace('{{text}}', 'Hello, I want a refund for my order'));
    await expect.poll(() => answer.getByTestId('rule-test-action').count()).toBe(3);
    await page.getByTestId('rule-test-close').click();
    await page.getByTestId('rule-test-dialog').waitFor({ state: 'detached' });

    // the reasons name the ticket's codes by their labels: its channel, status and priority
    const ticket = await admin.call<{ status: 'pending' | 'open' | 'closed' }>('GET', `/tickets/${ticketId}`);
    const checks = [{ kind: 'channel', channels: ['whatsapp'] }, { kind: 'status', statuses: ['closed'] }, { kind: 'priority', priorities: ['urgent'] }];
    const check = await admin.call<{ id: number }>('POST', '/automation-rules', { name: 'Ticket check', active: false, trigger: 'ticketUpdated', conditions: { match: 'any', groups: [{ match: 'any', conditions: checks }] }, actions: [{ kind: 'close' }] });
    await page.reload();
    await page.getByTestId('rules-row').filter({ hasText: 'Ticket check' }).getByTestId('rule-test').click();
    await page.getByTestId('rule-test-ticket').fill(ticketId);
    await page.getByTestId('rule-test-run').click();
    await expect.poll(() => answer.getByTestId('rule-test-condition').allTextContents()).toEqual([
      expect.stringContaining(pt.automationRules.reasons.channelIs.replace('{{channel}}', pt.connections.channels.sandbox)),
      expect.stringContaining(pt.automationRules.reasons.statusIs.replace('{{status}}', pt.tickets.status[ticket.status])),
      expect.stringContaining(pt.automationRules.reasons.priorityIs.replace('{{priority}}', pt.tickets.priority.urgent)),
    ]);
    await page.getByTestId('rule-test-close').click();
    await admin.call('DELETE', `/automation-rules/${check.id}`);

    await lastRun.getByTestId('rule-last-ticket').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByTestId('ticket-chat').getByText(REPLY).waitFor();

    // bad input: the tag deleted, the rule's second action is flagged, naming its missing tag
    await admin.call('DELETE', `/tags/${tag.id}`);
    // the run order of a trigger's rules: a later rule moved up runs first
    const greeting = { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'textContains', text: 'good morning' }] }] };
    await admin.call('POST', '/automation-rules', { name: 'Greet back', trigger: 'messageReceived', conditions: greeting, actions: [{ kind: 'sendMessage', text: 'Good morning!' }], position: 7 });
    await page.goto(`${server.url}/automation-rules`);
    const names = () => page.getByTestId('rule-name-cell').allTextContents();
    await expect.poll(names).toEqual(['Refund is urgent', 'Greet back']);
    const broken = page.getByTestId('rules-row').filter({ hasText: 'Refund is urgent' }).getByTestId('rule-broken-action');
    await expect(broken.getAttribute('data-index')).resolves.toBe('1');
    await expect(broken.getAttribute('data-missing')).resolves.toBe('tag');
    await page.getByTestId('rules-row').nth(1).getByTestId('rule-move-up').click();
    await expect.poll(names).toEqual(['Greet back', 'Refund is urgent']);
    await page.reload();
    await expect.poll(names).toEqual(['Greet back', 'Refund is urgent']);
    await context.close();
  });
});
