// Issue 37 point 2: the API keys screen. An admin makes a key with one scope, sees it once, the key
// reads within its scope, its last use shows on the screen, and after a revocation it is refused.
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

const callWith = (key: string, path: string) => fetch(`${server.url}${path}`, { headers: { accept: 'application/json', authorization: `Bearer ${key}` } });

describe('API keys screen (issue 37 point 2)', () => {
  it('issue 37 point 2: creates a key shown once, which reads within its scope, shows its last use and is refused once revoked; the super admin sees it among every company\'s keys', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/api-keys`);
    await page.getByTestId('api-keys-table').waitFor();
    await page.getByTestId('api-keys-add').click();
    await page.getByTestId('api-key-form-dialog').waitFor();
    await page.getByTestId('api-key-name').fill('CRM sync');
    await page.getByTestId('api-key-scope-tickets-read').check();
    await page.getByTestId('api-key-save').click();

    await page.getByTestId('api-key-created-dialog').waitFor();
    const key = await page.getByTestId('api-key-created-value').inputValue();
    expect(key).toMatch(/^atk_[0-9a-f]{8}_/);
    await page.getByTestId('api-key-created-close').click();
    await page.getByTestId('api-key-created-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('api-keys-row').filter({ hasText: 'CRM sync' });
    await row.filter({ hasText: 'tickets:read' }).and(page.locator('[data-api-key-used="no"]')).waitFor();
    // never shown again
    expect(await page.getByText(key).count()).toBe(0);

    expect((await callWith(key, '/tickets')).status).toBe(200);
    expect((await callWith(key, '/contacts')).status).toBe(403);
    await page.reload();
    await row.and(page.locator('[data-api-key-used="yes"]')).waitFor();

    await row.getByTestId('api-key-revoke').click();
    await page.getByTestId('confirm-ok').click();
    await row.and(page.locator('[data-api-key-state="revoked"]')).waitFor();
    expect((await callWith(key, '/tickets')).status).toBe(401);

    // the super admin's own screen lists every company's keys, this one among them
    await page.goto(`${server.url}/all-api-keys`);
    await page.getByTestId('all-api-keys-row').filter({ hasText: 'CRM sync' }).waitFor();
    await page.close();
  });
});
