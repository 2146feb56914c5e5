import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createSandbox, signIn } from './helpers/attendance.ts';
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

const pad = (value: number) => String(value).padStart(2, '0');
// what a datetime-local input holds, in the browser's (this machine's) time zone
const localInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

describe('schedules calendar and dialog (02-operations §2 /schedules, §5 Schedule)', () => {
  it('opens the add dialog from a contact, refuses a short message, shows the schedule on the calendar, sends it when due and deletes it', async () => {
    const api = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const sandbox = await createSandbox(api, 'Sandbox agenda');
    await api.call('POST', '/contacts', { name: 'Julia Agenda', number: '5511955554444' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

    await page.goto(`${server.url}/contacts`);
    await page.locator('tr[data-testid^="contact-row-"]').filter({ hasText: 'Julia Agenda' }).getByTestId('schedule-contact').click();
    await page.getByTestId('schedule-modal').waitFor();
    expect(page.url()).toContain('/schedules');
    await expect.poll(() => page.getByTestId('schedule-contact').inputValue()).toContain('Julia Agenda');

    await page.getByTestId('schedule-body').fill('Oi');
    await page.getByTestId('schedule-save').click();
    await page.getByTestId('schedule-modal').getByText('Mensagem muito curta').waitFor();

    await page.getByTestId('schedule-body').fill('Lembrete da sua consulta');
    await page.getByTestId('schedule-whatsappId').locator('[role="combobox"]').click();
    await page.getByRole('option', { name: 'Sandbox agenda' }).click();
    await page.getByTestId('schedule-save').click();
    await page.getByTestId('schedule-modal').waitFor({ state: 'detached' });
    await page.getByTestId('toast-success').first().waitFor();
    const event = page.locator('.schedule-event').filter({ hasText: 'Julia Agenda: Lembrete da sua consulta' });
    await event.first().waitFor();

    // moved to a minute ago: it goes out at once, and the calendar shows it sent
    await event.first().click();
    await page.getByTestId('schedule-modal').waitFor();
    await expect.poll(() => page.getByTestId('schedule-body').inputValue()).toBe('Lembrete da sua consulta');
    await page.getByTestId('schedule-send-at').fill(localInput(new Date(Date.now() - 60_000)));
    await page.getByTestId('schedule-save').click();
    await page.getByTestId('schedule-modal').waitFor({ state: 'detached' });
    await page.locator('.schedule-enviada').filter({ hasText: 'Lembrete da sua consulta' }).first().waitFor();
    await expect.poll(async () => (await sandbox.outbox()).map((message) => message.body)).toContain('Lembrete da sua consulta');

    await page.locator('.schedule-event').filter({ hasText: 'Lembrete da sua consulta' }).first().click();
    await page.getByTestId('schedule-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('schedule-modal').waitFor({ state: 'detached' });
    await page.locator('.schedule-event').filter({ hasText: 'Lembrete da sua consulta' }).first().waitFor({ state: 'detached' });
  });

  it("opens the add dialog for the ticket's contact from the ticket screen's schedule button (01-core §2 ticket screen)", async () => {
    const api = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const sandbox = await createSandbox(api, 'Sandbox ticket');
    await sandbox.inbound('5511933332222', 'Bruna Ticket', 'Quero marcar um retorno');
    const { tickets } = await api.call<{ tickets: { uuid: string; contact: { name: string } }[] }>('GET', '/tickets?status=pending&showAll=true');
    const ticket = tickets.find((entry) => entry.contact.name === 'Bruna Ticket');
    if (!ticket) throw new Error('the ticket did not arrive');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await page.getByTestId('ticket-header').getByTestId('schedule-contact').click();
    await page.getByTestId('schedule-modal').waitFor();
    expect(page.url()).toMatch(/\/schedules\?contactId=\d+/);
    await expect.poll(() => page.getByTestId('schedule-contact').inputValue()).toContain('Bruna Ticket');
    await page.context().close();
  });
});
