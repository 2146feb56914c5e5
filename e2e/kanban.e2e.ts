import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn, startServerWithQueues, type Api, type SeededServer } from './helpers/attendance.ts';
import pt from '../apps/web/src/locales/pt.json';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Vendas', color: '#1976d2' }]);
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Ticket = { id: number; contactId: number; contact: { name: string; number: string } };

// Drags with the mouse in steps, as a person does, so dnd-kit's pointer sensor follows.
const drag = async (page: Page, card: string, lane: string) => {
  // the previous drop's overlay animates back before the next drag can start
  await page.getByTestId('kanban-card-overlay').waitFor({ state: 'detached' });
  const from = await page.locator(`[data-testid="kanban-card"][data-ticket-id="${card}"]`).boundingBox();
  const to = await page.locator(`[data-testid="kanban-lane"][data-lane="${lane}"]`).boundingBox();
  if (!from || !to) throw new Error('card or lane not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 30, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
  await page.mouse.up();
};

const laneTotal = (page: Page, lane: string) => page.locator(`[data-testid="kanban-lane"][data-lane="${lane}"] [data-testid="kanban-lane-total"]`).textContent();

describe('kanban board (02-operations §2 /Kanban, §4 Kanban move, §9)', () => {
  it('drags a card between lanes with the toasts, sums the lanes in R$ and edits a card value', async () => {
    const queueId = server.queues[0].id;
    const me = await admin.call<{ name: string; email: string }>('GET', `/users/${admin.userId}`);
    await admin.call('PUT', `/users/${admin.userId}`, { name: me.name, email: me.email, queueIds: [queueId] });
    const sandbox = await admin.call<{ id: number }>('POST', '/sandbox/connections', { name: 'Sandbox' });
    const lead = await admin.call<{ id: number }>('POST', '/tags', { name: 'Lead', color: '#4caf50', kanban: 1 });
    const open = async (from: string, name: string, value: string) => {
      const { ticketId } = await admin.call<{ ticketId: number }>('POST', `/sandbox/${sandbox.id}/messages`, { from, name, body: 'Quero um orçamento' });
      const ticket = await admin.call<Ticket>('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId, queueId });
      await admin.call('PUT', `/contacts/${ticket.contactId}`, { extraInfo: [{ name: 'valor', value }] });
      return ticket;
    };
    const first = await open('5511966660001', 'Fernanda Kanban', '1500.50');
    const second = await open('5511966660002', 'Gustavo Kanban', '99.90');
    await admin.call('PUT', `/ticket-tags/${second.id}/${lead.id}`);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/Kanban`);
    await page.locator(`[data-testid="kanban-card"][data-ticket-id="${first.id}"]`).waitFor();
    // the name is cut at 10 characters
    await page.getByText('Fernanda K...').first().waitFor();
    await expect.poll(() => laneTotal(page, 'lane-none')).toMatch(/R\$\s1\.500,50/);
    await expect.poll(() => laneTotal(page, `lane-${lead.id}`)).toMatch(/R\$\s99,90/);

    await drag(page, String(first.id), `lane-${lead.id}`);
    await page.getByTestId('toast-success').filter({ hasText: 'Ticket Tag atualizado com sucesso!' }).first().waitFor();
    await page.locator(`[data-lane="lane-${lead.id}"] [data-ticket-id="${first.id}"]`).waitFor();
    await expect.poll(() => laneTotal(page, `lane-${lead.id}`)).toMatch(/R\$\s1\.600,40/);
    await expect.poll(() => laneTotal(page, 'lane-none')).toMatch(/R\$\s0,00/);
    expect((await admin.call<{ tags: { id: number }[] }>('GET', `/tickets/${first.id}`)).tags.map((tag) => tag.id)).toEqual([lead.id]);

    await drag(page, String(first.id), 'lane-none');
    await page.getByTestId('toast-success').filter({ hasText: 'Ticket Tag removido!' }).first().waitFor();
    await page.locator(`[data-lane="lane-none"] [data-ticket-id="${first.id}"]`).waitFor();
    await expect.poll(async () => (await admin.call<{ tags: unknown[] }>('GET', `/tickets/${first.id}`)).tags).toEqual([]);

    // the value is edited on the card and kept in the contact's extra info 'valor'
    const value = page.locator(`[data-ticket-id="${second.id}"] [data-testid="kanban-card-value"]`);
    await value.fill('250');
    await value.press('Enter');
    await expect
      .poll(async () => (await admin.call<{ extraInfo: { name: string; value: string }[] }>('GET', `/contacts/${second.contactId}`)).extraInfo)
      .toEqual([expect.objectContaining({ name: 'valor', value: '250' })]);
    await expect.poll(() => laneTotal(page, `lane-${lead.id}`)).toMatch(/R\$\s250,00/);
    await page.close();
  });

  it('a plan without kanban offers no lane: the tag dialog has no kanban switch, and a lane made before may still become a plain tag (02-operations §2 Tags, §3 Tag / lane)', async () => {
    const lane = await admin.call<{ id: number }>('POST', '/tags', { name: 'Proposta', color: '#ff9800', kanban: 1 });
    const plans = await admin.call<{ id: number }[]>('GET', '/plans/all');
    const setKanban = (useKanban: boolean) => Promise.all(plans.map((plan) => admin.call('PUT', `/plans/${plan.id}`, { useKanban })));
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    try {
      await setKanban(false);
      await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.goto(`${server.url}/tags`);
      await page.getByTestId('tags-add').click();
      await page.getByTestId('tag-name').waitFor();
      expect(await page.getByTestId('tag-kanban').count()).toBe(0);
      await page.getByTestId('tag-modal').getByRole('button', { name: 'Cancelar' }).click();
      await page.getByTestId('tag-modal').waitFor({ state: 'detached' });
      await page.locator(`[data-testid="tags-row"][data-tag-id="${lane.id}"]`).getByTestId('tags-edit').click();
      await page.getByTestId('tag-kanban').click();
      await page.getByTestId('tag-save').click();
      await page.getByTestId('tag-modal').waitFor({ state: 'detached' });
      await expect.poll(async () => (await admin.call<{ kanban: number }>('GET', `/tags/${lane.id}`)).kanban).toBe(0);
    } finally {
      await setKanban(true);
      await page.close();
    }
  });
});

describe('kanban and the plan (02-operations §6 plan flags; issue 35 point 11)', () => {
  it('opening /Kanban on a plan without kanban shows the plan message and leaves, not an empty board', async () => {
    const plan = await admin.call<{ id: number }>('POST', '/plans', { name: 'Plano Sem Kanban', users: 3, connections: 1, queues: 1, useKanban: false });
    await admin.call('POST', '/companies', {
      name: 'Loja Sem Kanban',
      email: 'sem-kanban@e2e.test',
      password: 'sem-kanban-1',
      adminName: 'Rita Sem Kanban',
      planId: plan.id,
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await signIn(page, server.url, 'sem-kanban@e2e.test', 'sem-kanban-1');
    await page.goto(`${server.url}/Kanban`);
    await page.getByTestId('toast-error').filter({ hasText: pt.shell.noPlanPermission }).first().waitFor();
    await page.waitForURL(`${server.url}/`);
    expect(await page.getByTestId('kanban-board').count()).toBe(0);
    await page.close();
  });
});

describe('an empty board says why (issue 35 point 11)', () => {
  it('an admin in no queue of a company without lanes gets both hints instead of a bare board', async () => {
    const plan = await admin.call<{ id: number }>('POST', '/plans', { name: 'Plano Com Kanban', users: 3, connections: 1, queues: 1, useKanban: true });
    await admin.call('POST', '/companies', { name: 'Loja Nova', email: 'loja-nova@e2e.test', password: 'loja-nova-1', adminName: 'Bia Nova', planId: plan.id });
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await signIn(page, server.url, 'loja-nova@e2e.test', 'loja-nova-1');
    await page.goto(`${server.url}/Kanban`);
    await expect.poll(() => page.getByTestId('kanban-hint-noQueues').textContent()).toBe(pt.kanban.hints.noQueues);
    await expect.poll(() => page.getByTestId('kanban-hint-noLanes').textContent()).toBe(pt.kanban.hints.noLanes);
    await page.close();
  });
});

describe('lanes in the order the admin sets (issue 35 point 11)', () => {
  const boardLanes = (page: Page) => page.getByTestId('kanban-lane').evaluateAll((lanes) => lanes.map((lane) => lane.getAttribute('data-lane')));

  it('a new lane goes last, the admin drags a column to another place, and the board follows an order changed elsewhere', async () => {
    const known = (await admin.call<{ lista: { id: number }[] }>('GET', '/tag/kanban')).lista.map((lane) => `lane-${lane.id}`);
    const talks = await admin.call<{ id: number }>('POST', '/tags', { name: 'Negociação', color: '#9c27b0', kanban: 1 });
    const won = await admin.call<{ id: number }>('POST', '/tags', { name: 'Fechado', color: '#2e7d32', kanban: 1 });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/Kanban`);
    // by the order they were made, not by name ('Fechado' would come before 'Negociação')
    await expect.poll(() => boardLanes(page)).toEqual(['lane-none', ...known, `lane-${talks.id}`, `lane-${won.id}`]);

    // 'Fechado' dragged by its handle onto the first tagged lane takes its place
    const handle = await page.locator(`[data-lane="lane-${won.id}"] [data-testid="kanban-lane-handle"]`).boundingBox();
    const target = await page.locator(`[data-testid="kanban-lane"][data-lane="${known[0]}"]`).boundingBox();
    if (!handle || !target) throw new Error('lane handle or lane not on screen');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x - 10, handle.y + 10, { steps: 5 });
    await page.mouse.move(target.x + target.width / 2, target.y + 60, { steps: 15 });
    await page.mouse.up();
    const dragged = [`lane-${won.id}`, ...known, `lane-${talks.id}`];
    await expect.poll(() => boardLanes(page)).toEqual(['lane-none', ...dragged]);
    await expect.poll(async () => (await admin.call<{ lista: { id: number }[] }>('GET', '/tag/kanban')).lista.map((lane) => `lane-${lane.id}`)).toEqual(dragged);

    // another screen puts 'Negociação' first: the open board follows without a reload
    const laneIds = [talks.id, won.id, ...known.map((key) => Number(key.replace('lane-', '')))];
    await admin.call('PUT', '/tag/kanban/order', { laneIds });
    await expect.poll(() => boardLanes(page)).toEqual(['lane-none', ...laneIds.map((laneId) => `lane-${laneId}`)]);
    await page.close();
  });
});
