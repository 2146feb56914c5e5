// One rating scale (issue 35 point 7): the dashboard says how the NPS is counted, and the rating
// message field says which scale line goes out with it and refuses another scale.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NPS_SCALE_LINE } from '@atende/shared/ratings';
import { apiAs, createSandbox, signIn as signInAt, type Api } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await createSandbox(admin);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = (page: Page) => signInAt(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);

describe('one rating scale in the screens (issue 35 point 7)', () => {
  it('the dashboard explains the NPS scale; the rating message shows the scale line and refuses "1 a 5"', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByTestId('dashboard-nps-help').textContent()).toContain('de 0 a 10');

    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-table').waitFor();
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connections-add-sandbox').click();
    await page.getByTestId('connection-name').fill('Escala E2E');
    await page.getByTestId('connection-tab-nps').click();
    await page.getByText(NPS_SCALE_LINE, { exact: false }).waitFor();
    await page.getByTestId('connection-rating-message').fill('Dê uma nota de 1 a 5');
    await page.getByTestId('connection-save').click();
    await page.getByText('A nota é contada de 0 a 10').waitFor();
    await page.close();
  });
});
