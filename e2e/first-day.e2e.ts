// A company's first day (issue 35 point 13): the dashboard's first steps, ticked from what the
// company really did, and the sandbox's "send as customer" box, so a trial needs no curl.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pt from '../apps/web/src/locales/pt.json';
import { apiAs, signIn, type Api } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let superAdmin: Api;

// kept as CI artifacts
const screenshots = resolve(import.meta.dirname, 'screenshots');

const AURORA_ADMIN = { email: 'rita@aurora.test', password: 'aurora-senha-1' };
const ATTENDANT = { name: 'Bia Atendente', email: 'bia@aurora.test', password: 'bia-senha-1' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  superAdmin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const plan = await superAdmin.call<{ id: number }>('POST', '/plans', { name: 'Plano Aurora', users: 5, connections: 2, queues: 2 });
  await superAdmin.call('POST', '/companies', { name: 'Loja Aurora', ...AURORA_ADMIN, adminName: 'Rita Aurora', planId: plan.id });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newPage = async (email: string, password: string, viewport = { width: 1366, height: 800 }) => {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, server.url, email, password);
  return page;
};

const step = (page: Page, name: string) => page.getByTestId(`onboarding-step-${name}`);
const stepsDone = (page: Page) =>
  Promise.all(['channel', 'queue', 'attendant', 'reply'].map(async (name) => `${name}:${await step(page, name).getAttribute('data-done')}`));

describe('a first day that teaches (issue 35 point 13)', () => {
  it('a new company sees its first steps, plays a customer through the sandbox, and the steps tick as the attendant replies', async () => {
    const rita = await newPage(AURORA_ADMIN.email, AURORA_ADMIN.password);
    await rita.getByTestId('onboarding-checklist').waitFor();
    expect(await rita.getByTestId('onboarding-checklist').getByRole('heading').textContent()).toBe(pt.dashboard.onboarding.title);
    expect(await stepsDone(rita)).toEqual(['channel:false', 'queue:false', 'attendant:false', 'reply:false']);
    mkdirSync(screenshots, { recursive: true });
    await rita.getByTestId('onboarding-checklist').screenshot({ path: resolve(screenshots, 'first-day-checklist-1366.png') });

    // each step links to the screen where it is done
    await rita.getByTestId('onboarding-go-channel').click();
    await expect.poll(() => new URL(rita.url()).pathname).toBe('/connections');

    const admin = await apiAs(server.url, AURORA_ADMIN.email, AURORA_ADMIN.password);
    await admin.call('POST', '/sandbox/connections', { name: 'Sandbox Aurora' });
    const queue = await admin.call<{ id: number }>('POST', '/queue', { name: 'Suporte', color: '#2196f3' });
    // allTicket: a customer's first message comes without a queue
    await admin.call('POST', '/users', { ...ATTENDANT, profile: 'user', queueIds: [queue.id], allTicket: 'enabled' });

    await rita.goto(`${server.url}/`);
    await expect.poll(() => stepsDone(rita)).toEqual(['channel:true', 'queue:true', 'attendant:true', 'reply:false']);
    // a done step has no link; the one left does
    expect(await rita.getByTestId('onboarding-go-channel').count()).toBe(0);
    await rita.getByTestId('onboarding-go-reply').waitFor();

    // the sandbox plays the customer from the connections screen
    await rita.goto(`${server.url}/connections`);
    await rita.getByTestId('connections-row').filter({ hasText: 'Sandbox Aurora' }).getByTestId('session-sandbox-customer').click();
    const dialog = rita.getByTestId('sandbox-customer-dialog');
    await dialog.waitFor();
    // the message is required, checked before anything is sent
    await rita.getByTestId('sandbox-customer-send').click();
    await dialog.getByText(pt.validation.required).waitFor();
    await rita.getByTestId('sandbox-customer-from').fill('5511988887777');
    await rita.getByTestId('sandbox-customer-name').fill('Carla Cliente');
    await rita.getByTestId('sandbox-customer-body').fill('Olá, quero saber do meu pedido');
    await rita.getByTestId('sandbox-customer-dialog').screenshot({ path: resolve(screenshots, 'first-day-send-as-customer.png') });
    await rita.getByTestId('sandbox-customer-send').click();
    await dialog.waitFor({ state: 'detached' });
    await rita.getByTestId('toast-success').filter({ hasText: pt.connections.sandbox.sent }).waitFor();

    // the attendant finds the ticket in /tickets, takes it and replies
    const bia = await newPage(ATTENDANT.email, ATTENDANT.password);
    await bia.goto(`${server.url}/tickets`);
    await bia.getByTestId('tickets-tab-pending').click();
    const carla = bia.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: 'Carla Cliente' });
    await carla.waitFor();
    expect(await carla.getByTestId('ticket-row-last').textContent()).toContain('Olá, quero saber do meu pedido');
    await carla.getByTestId('ticket-row-accept').click();
    // Bia has a single queue: it is preselected
    await bia.getByTestId('accept-dialog').waitFor();
    await bia.getByTestId('accept-start').click();
    const chat = bia.getByTestId('ticket-chat');
    await chat.waitFor();
    await bia.getByTestId('message-input').fill('Oi Carla, já vou verificar!');
    await bia.getByTestId('message-input').press('Enter');
    await chat.locator('[data-from-me="true"]').getByText('Oi Carla, já vou verificar!').waitFor();

    // every step done: the box is gone from the dashboard
    await rita.goto(`${server.url}/`);
    await rita.getByTestId('dashboard-filters').waitFor();
    await expect.poll(() => rita.getByTestId('onboarding-checklist').count()).toBe(0);
    await rita.context().close();
    await bia.context().close();
  });

  it('an admin can dismiss the first steps, and they stay dismissed for the company (issue 35 point 13)', async () => {
    // the platform's own company has done none of the steps; seen at phone width
    const page = await newPage(ADMIN_EMAIL, ADMIN_PASSWORD, { width: 390, height: 844 });
    await page.getByTestId('onboarding-checklist').waitFor();
    await page.getByTestId('onboarding-checklist').screenshot({ path: resolve(screenshots, 'first-day-checklist-390.png') });
    await page.getByTestId('onboarding-dismiss').click();
    await page.getByTestId('onboarding-checklist').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await superAdmin.call<{ onboardingChecklist: string }>('GET', '/companySettingOne?column=onboardingChecklist')).onboardingChecklist)
      .toBe('disabled');
    await page.reload();
    await page.getByTestId('dashboard-filters').waitFor();
    expect(await page.getByTestId('onboarding-checklist').count()).toBe(0);
    await page.context().close();
  });
});
