// Issue 37 point 1: the webhooks screen. An admin adds an endpoint, sees its signing secret once,
// sends a test event to a receiver on loopback and sees the delivery with its answer code.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { signIn } from './helpers/attendance.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let receiver: Server;
const deliveries: { body: string; timestamp: string; signature: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        timestamp: String(request.headers['x-atende-timestamp']),
        signature: String(request.headers['x-atende-signature']),
      });
      response.writeHead(202);
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // the receiver is on loopback, which a deployment refuses unless its operator allows it
  server = await startServer({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe('webhooks screen (issue 37 point 1)', () => {
  it('adds an endpoint, shows its secret once, sends a test event and lists the delivery', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/webhook-endpoints`);
    await page.getByTestId('webhooks-table').waitFor();
    await page.getByTestId('webhooks-add').click();
    await page.getByTestId('webhook-form-dialog').waitFor();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-description').fill('CRM');
    await page.getByTestId('webhook-event-ticket.created').check();
    await page.getByTestId('webhook-save').click();

    await page.getByTestId('webhook-secret-dialog').waitFor();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId('webhook-secret-close').click();
    await page.getByTestId('webhook-secret-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('webhooks-row').filter({ hasText: url });
    await row.filter({ hasText: 'ticket.created' }).waitFor();
    // never shown again
    expect(await page.getByText(secret).count()).toBe(0);

    await row.getByTestId('webhooks-deliveries').click();
    await page.getByTestId('webhook-deliveries-dialog').waitFor();
    await page.getByTestId('webhook-send-test').click();
    const delivered = page.getByTestId('webhook-delivery-row').filter({ hasText: 'webhook.test' });
    await delivered.and(page.locator('[data-delivery-state="delivered"]')).waitFor();
    expect(await delivered.getByTestId('webhook-delivery-status').textContent()).toBe('202');

    // what arrived is signed with the secret the dialog showed
    expect(deliveries).toHaveLength(1);
    const [arrived] = deliveries;
    expect(arrived.signature).toBe(`sha256=${createHmac('sha256', secret).update(`${arrived.timestamp}.${arrived.body}`).digest('hex')}`);
    expect(JSON.parse(arrived.body)).toMatchObject({ event: 'webhook.test' });
    await page.close();
  });
});
