// Issue 37 point 1: a company's webhook endpoints through the /webhook-endpoints calls, and what each
// delivery does at a receiver on loopback that verifies the signature (docs/webhooks.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema.ts';
import { webhookDeliveryJob } from '../../src/modules/webhooks/webhook-delivery.jobs.ts';
import type { HostResolver } from '../../src/platform/outbound-http.ts';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { dueRetriesNow } from '../helpers/jobs.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
// every name resolves to a private address, as a rebinding DNS server would answer (the receiver
// is reached by its loopback address, which this deployment's operator allowed)
const resolveHost: HostResolver = async () => [{ address: '10.9.8.7', family: 4 }];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({ outbound: { allowedHosts: ['127.0.0.1'] } }, { resolveHost });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const SLOW = 60_000;

const adminOf = async (planFlags: Record<string, boolean> = {}) => {
  const { company, admin } = await createCompany(t.db, { planFlags });
  const session = await t.login(admin.email, TEST_PASSWORD);
  return { company, admin, token: session.token };
};

const createEndpoint = async (token: string, body: Record<string, unknown> = {}) => {
  const answer = await t.request('POST', '/webhook-endpoints', { token, body: { url: receiver.url, events: ['ticket.created'], ...body } });
  if (answer.status !== 201) throw new Error(`create endpoint: ${answer.status} ${JSON.stringify(answer.body)}`);
  receiver.useSecret(answer.body.secret as string);
  return answer.body as { endpoint: { id: number }; secret: string };
};

const deliveriesOf = async (token: string, endpointId: number) =>
  (await t.request('GET', `/webhook-endpoints/${endpointId}/deliveries`, { token })).body.deliveries as Record<string, unknown>[];

const sendTest = async (token: string, endpointId: number) => {
  const answer = await t.request('POST', `/webhook-endpoints/${endpointId}/test`, { token });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; eventId: string };
};

const deliveryRow = async (id: number) => (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];

describe('webhook endpoints (issue 37 point 1)', () => {
  it('an admin creates, lists, changes and removes an endpoint; the secret is answered by the creation and the rotation only', async () => {
    const { token } = await adminOf();
    const created = await createEndpoint(token, { description: 'CRM', events: ['message.created', 'ticket.closed'] });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.endpoint).toMatchObject({ url: receiver.url, description: 'CRM', events: ['message.created', 'ticket.closed'], active: true, disabledReason: null });
    const listed = await t.request('GET', '/webhook-endpoints', { token });
    expect(listed.body.endpoints).toEqual([created.endpoint]);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    // stored sealed, never as typed
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(row.secret).not.toContain(created.secret);

    const changed = await t.request('PUT', `/webhook-endpoints/${created.endpoint.id}`, { token, body: { events: ['contact.created'], active: false } });
    expect(changed).toMatchObject({ status: 200, body: { events: ['contact.created'], active: false } });
    expect(changed.body).not.toHaveProperty('secret');

    const rotated = await t.request('POST', `/webhook-endpoints/${created.endpoint.id}/secret`, { token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);

    expect(await t.request('DELETE', `/webhook-endpoints/${created.endpoint.id}`, { token })).toMatchObject({ status: 200 });
    expect((await t.request('GET', '/webhook-endpoints', { token })).body.endpoints).toEqual([]);
  });

  it('a URL at an internal address, by literal or by what its name resolves to, is refused when saved (docs/security.md Outbound addresses)', async () => {
    const { token } = await adminOf();
    for (const url of ['http://10.0.0.5/hook', 'http://localhost:8080/hook', 'https://169.254.169.254/latest', 'https://rebinding.example/hook']) {
      expect(await t.request('POST', '/webhook-endpoints', { token, body: { url, events: ['ticket.created'] } })).toMatchObject({
        status: 400,
        body: { error: 'ERR_OUTBOUND_ADDRESS_REFUSED' },
      });
    }
    const { endpoint } = await createEndpoint(token);
    expect(await t.request('PUT', `/webhook-endpoints/${endpoint.id}`, { token, body: { url: 'https://rebinding.example/hook' } })).toMatchObject({
      status: 400,
      body: { error: 'ERR_OUTBOUND_ADDRESS_REFUSED' },
    });
    expect(await t.request('POST', '/webhook-endpoints', { token, body: { url: 'ftp://files.example/hook', events: ['ticket.created'] } })).toMatchObject({ status: 400 });
    expect(await t.request('POST', '/webhook-endpoints', { token, body: { url: receiver.url, events: [] } })).toMatchObject({ status: 400 });
  });

  it('in production a URL that is not https is refused when saved', async () => {
    const production = await startTestApp({ env: 'production', outbound: { allowedHosts: [] } }, { resolveHost: async () => [{ address: '93.184.215.14', family: 4 }] });
    try {
      const { admin } = await createCompany(production.db);
      const { token } = await production.login(admin.email, TEST_PASSWORD);
      expect(await production.request('POST', '/webhook-endpoints', { token, body: { url: 'http://crm.example/hook', events: ['ticket.created'] } })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.url', message: 'webhooks.httpsRequired' }] },
      });
      expect(await production.request('POST', '/webhook-endpoints', { token, body: { url: 'https://crm.example/hook', events: ['ticket.created'] } })).toMatchObject({ status: 201 });
    } finally {
      await production.close();
    }
  });

  it('the routes belong to plans with integrations, and to admins', async () => {
    const without = await adminOf({ useIntegrations: false });
    expect(await t.request('GET', '/webhook-endpoints', { token: without.token })).toMatchObject({ status: 403 });
    expect(await t.request('POST', '/webhook-endpoints', { token: without.token, body: { url: receiver.url, events: ['ticket.created'] } })).toMatchObject({ status: 403 });
  });

  it("another company's endpoint and delivery are not found", async () => {
    const owner = await adminOf();
    const { endpoint } = await createEndpoint(owner.token);
    const delivery = await sendTest(owner.token, endpoint.id);
    const stranger = await adminOf();
    const calls: [string, string, unknown?][] = [
      ['PUT', `/webhook-endpoints/${endpoint.id}`, { active: false }],
      ['DELETE', `/webhook-endpoints/${endpoint.id}`],
      ['POST', `/webhook-endpoints/${endpoint.id}/secret`],
      ['GET', `/webhook-endpoints/${endpoint.id}/deliveries`],
      ['POST', `/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/resend`],
      ['POST', `/webhook-endpoints/${endpoint.id}/test`],
    ];
    for (const [method, path, body] of calls) expect(await t.request(method, path, { token: stranger.token, body })).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    // the stranger's own endpoint does not reach the owner's delivery either
    const own = await createEndpoint(stranger.token);
    expect(await t.request('POST', `/webhook-endpoints/${own.endpoint.id}/deliveries/${delivery.id}/resend`, { token: stranger.token })).toMatchObject({ status: 404 });
    await eventually(async () => (await deliveryRow(delivery.id)).state).toBe('delivered');
  });

  it('a test event arrives signed, with its headers, and is listed as delivered with its answer code; a resend sends the same event id again', async () => {
    const { token, company } = await adminOf();
    const { endpoint } = await createEndpoint(token);
    const test = await sendTest(token, endpoint.id);
    await eventually(async () => (await deliveriesOf(token, endpoint.id))[0]).toMatchObject({ id: test.id, state: 'delivered', responseStatus: 204, attempts: 1 });
    const [delivery] = await deliveriesOf(token, endpoint.id);
    expect(delivery.durationMs).toEqual(expect.any(Number));
    expect(delivery.lastAttemptAt).toEqual(expect.any(String));
    const arrived = receiver.received.filter((entry) => entry.body.id === test.eventId);
    expect(arrived).toHaveLength(1);
    expect(arrived[0].body).toMatchObject({ id: test.eventId, event: 'webhook.test', companyId: company.id, data: { endpointId: endpoint.id } });
    expect(Object.keys(arrived[0].body)).toEqual(['id', 'event', 'createdAt', 'companyId', 'data']);
    expect(arrived[0].headers).toMatchObject({ 'x-atende-event': 'webhook.test', 'x-atende-delivery': test.eventId, 'content-type': 'application/json' });
    expect(arrived[0].headers['x-atende-timestamp']).toMatch(/^\d{10}$/);

    expect(await t.request('POST', `/webhook-endpoints/${endpoint.id}/deliveries/${test.id}/resend`, { token })).toMatchObject({ status: 200, body: { id: test.id, state: 'pending' } });
    await eventually(async () => receiver.received.filter((entry) => entry.body.id === test.eventId).length).toBe(2);
    await eventually(async () => (await deliveryRow(test.id)).state).toBe('delivered');
  });

  it('a 500 is tried again until the receiver takes it; a 4xx fails at once', async () => {
    const { token } = await adminOf();
    const { endpoint } = await createEndpoint(token);
    receiver.answerNext({ status: 500 }, { status: 503 });
    const retried = await sendTest(token, endpoint.id);
    await eventually(async () => {
      await dueRetriesNow(t.db, webhookDeliveryJob.name);
      return (await deliveryRow(retried.id)).state;
    }).toBe('delivered');
    expect(await deliveryRow(retried.id)).toMatchObject({ attempts: 3, responseStatus: 204, lastError: null });

    receiver.answerNext({ status: 410 });
    const refused = await sendTest(token, endpoint.id);
    await eventually(async () => (await deliveryRow(refused.id)).state).toBe('failed');
    expect(await deliveryRow(refused.id)).toMatchObject({ attempts: 1, responseStatus: 410, lastError: 'HTTP 410' });
  });

  it(
    'a receiver that never answers is given up at the timeout, and one that answers a huge body is cut at the cap; the worker goes on',
    async () => {
      const { token } = await adminOf();
      const { endpoint } = await createEndpoint(token);
      receiver.answerNext({ hang: true });
      const slow = await sendTest(token, endpoint.id);
      await eventually(async () => (await deliveryRow(slow.id)).attempts).toBe(1);
      expect(await deliveryRow(slow.id)).toMatchObject({ state: 'pending', lastError: 'timeout', responseStatus: null });

      receiver.answerNext({ hugeBody: true });
      const huge = await sendTest(token, endpoint.id);
      await eventually(async () => (await deliveryRow(huge.id)).state).toBe('failed');
      expect(await deliveryRow(huge.id)).toMatchObject({ attempts: 1, lastError: 'answer too large' });

      // the slow one's retry is taken like any other
      await eventually(async () => {
        await dueRetriesNow(t.db, webhookDeliveryJob.name);
        return (await deliveryRow(slow.id)).state;
      }).toBe('delivered');
    },
    SLOW,
  );

  it("an endpoint failing for a day is switched off at its next failure, its admins are told, and the screen shows why; turning it on clears it", async () => {
    const { token } = await adminOf();
    const { endpoint } = await createEndpoint(token);
    const socket = await connectSocket(t, token);
    const seen = recordEvents(socket);
    await t.db.update(webhookEndpoints).set({ failingSince: new Date(Date.now() - 25 * 3600_000) }).where(eq(webhookEndpoints.id, endpoint.id));
    receiver.answerNext({ status: 404 });
    const failed = await sendTest(token, endpoint.id);
    await eventually(async () => (await deliveryRow(failed.id)).state).toBe('failed');
    await eventually(async () => seen.filter((event) => event.channel.endsWith('-webhook'))).toEqual([
      { channel: expect.stringMatching(/^company-\d+-webhook$/), payload: { action: 'disabled', endpoint: expect.objectContaining({ id: endpoint.id, active: false, disabledReason: 'failing' }) } },
    ]);
    expect((await t.request('GET', '/webhook-endpoints', { token })).body.endpoints).toMatchObject([{ id: endpoint.id, active: false, disabledReason: 'failing' }]);
    socket.disconnect();

    // nothing more is sent to it while it is off
    const held = await sendTest(token, endpoint.id);
    await eventually(async () => (await deliveryRow(held.id)).state).toBe('failed');
    expect(await deliveryRow(held.id)).toMatchObject({ attempts: 0, lastError: 'endpoint disabled' });

    expect(await t.request('PUT', `/webhook-endpoints/${endpoint.id}`, { token, body: { active: true } })).toMatchObject({
      status: 200,
      body: { active: true, disabledReason: null, failingSince: null },
    });
  });
});
