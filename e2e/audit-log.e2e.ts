// Issue 38 point 6: the admin changes a queue on its screen, opens the audit log, finds the entry
// and reads the queue's name before and after.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { signIn } from './helpers/attendance.ts';
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

const post = async (path: string, body: unknown, token?: string) => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};

describe('audit log screen (issue 38 point 6)', () => {
  it('issue 38 point 6: the admin changes a queue, opens the audit log, finds the entry and its before and after', async () => {
    const { token } = await post('/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await post('/queue', { name: 'Audited queue', color: '#224466' }, token as string);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/queues`);
    await page.getByTestId('queues-row').filter({ hasText: 'Audited queue' }).getByTestId('queues-edit').click();
    await page.getByTestId('queue-modal').waitFor();
    await page.getByTestId('queue-name').fill('Audited queue renamed');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-modal').waitFor({ state: 'detached' });
    await page.getByTestId('queues-row').filter({ hasText: 'Audited queue renamed' }).waitFor();

    await page.goto(`${server.url}/audit-log`);
    const entry = page.locator('[data-testid="audit-log-row"][data-audit-action="queue.update"]');
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    expect(await entry.getByTestId('audit-action').textContent()).toBe('Fila alterada');
    await entry.getByTestId('audit-entry-open').click();
    const name = page.getByTestId('audit-entry-dialog').locator('[data-testid="audit-diff-row"][data-field="name"]');
    await name.waitFor();
    expect(await name.getByTestId('audit-diff-before').textContent()).toBe('Audited queue');
    expect(await name.getByTestId('audit-diff-after').textContent()).toBe('Audited queue renamed');
    await page.close();
  });

  it('issue 38 point 6: the admin filters the log by who did it: only that user\'s entries remain', async () => {
    const { token } = await post('/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    // a user of this attempt's own: a second attempt runs on the same server
    const suffix = Math.random().toString(36).slice(2, 8);
    const name = `Bia ${suffix}`;
    const email = `bia.${suffix}@example.com`;
    const bia = await post('/users', { name, email, password: 'Senha-da-Bia-1', profile: 'user' }, token as string);
    await post('/auth/login', { email, password: 'Senha-da-Bia-1' });

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/audit-log`);
    const rows = page.getByTestId('audit-log-row');
    await page.locator('[data-testid="audit-log-row"][data-audit-action="user.create"]').first().waitFor();
    await page.getByTestId('audit-actor-filter').fill(name);
    await page.getByRole('option', { name }).click();
    await page.locator(`[data-testid="audit-log-row"][data-actor-user-id="${bia.id}"][data-audit-action="auth.signIn"]`).first().waitFor();
    await expect.poll(async () => [...new Set(await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-actor-user-id'))))]).toEqual([String(bia.id)]);
    await page.close();
  });
});
