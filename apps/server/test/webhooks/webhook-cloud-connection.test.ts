// Issue 37 point 1: connection.status for a Cloud API connection (02-operations §4 Connection
// status): connected, shown DISCONNECTED when a send finds its token revoked, connected again
// with a new token, each recorded with the change, at a loopback receiver; and for the Messenger
// pages a Facebook login connects (02-operations §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAttendance } from '../helpers/attendance.ts';
import { deliverWebhook, startFakeGraph, type FakeGraph } from '../helpers/fake-graph.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

const SECRET = 'cloud-app-secret';
let t: TestApp;
let graph: FakeGraph;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  graph = await startFakeGraph();
  t = await startTestApp({ meta: { graphUrl: graph.graphUrl, appId: '4242', appSecret: SECRET, verifyToken: 'verify-me-please' } });
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
  await receiver?.close();
});

describe('connection.status for the Cloud API (issue 37 point 1)', () => {
  it('connecting, a revoked token found by a send, and connecting again send CONNECTED, DISCONNECTED, CONNECTED', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    await receiver.subscribe(t, token, ['connection.status']);
    const statuses = async () =>
      receiver
        .events('connection.status')
        .filter((body) => body.companyId === a.company.id)
        .map((body) => (body.data as { connection: { channel: string; status: string } }).connection)
        .map((connection) => [connection.channel, connection.status]);

    const phoneNumberId = `10${Date.now()}`;
    graph.addPhoneNumber(phoneNumberId, '+55 11 3333-0000');
    const connect = (accessToken: string) => t.request('POST', '/whatsappapi/connections', { token, body: { name: 'Cloud line', phoneNumberId, accessToken } });
    expect((await connect('cloud-access-token-1')).status).toBe(201);
    await eventually(statuses).toEqual([['whatsappapi', 'CONNECTED']]);

    const customer = '5511955550009';
    const inbound = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba-1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '551133330000', phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: 'Maria' }, wa_id: customer }],
                messages: [{ from: customer, id: `wamid.in-${phoneNumberId}`, timestamp: '1700000000', type: 'text', text: { body: 'oi' } }],
              },
            },
          ],
        },
      ],
    };
    expect((await deliverWebhook(t, '/webhooks/whatsappapi', inbound, { secret: SECRET })).status).toBe(200);
    const [ticket] = ((await t.request('GET', '/tickets?status=pending', { token })).body.tickets as { id: number; contact: { number: string } }[]).filter(
      (row) => row.contact.number === customer,
    );
    await a.put(token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    graph.revokeToken('cloud-access-token-1');
    await t.request('POST', `/messages/${ticket.id}`, { token, body: { body: 'sem token' } });
    await eventually(statuses).toEqual([
      ['whatsappapi', 'CONNECTED'],
      ['whatsappapi', 'DISCONNECTED'],
    ]);

    expect((await connect('a-fresh-cloud-token')).status).toBe(201);
    await eventually(statuses).toEqual([
      ['whatsappapi', 'CONNECTED'],
      ['whatsappapi', 'DISCONNECTED'],
      ['whatsappapi', 'CONNECTED'],
    ]);
  });
});

describe('connection.status for Messenger pages (issue 37 point 1)', () => {
  it('a Facebook login connecting two pages sends CONNECTED for each page connection', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    await receiver.subscribe(t, token, ['connection.status']);
    const base = `${Date.now()}`;
    graph.setPages([
      { id: `1${base}`, name: 'Loja Centro', access_token: `page-token-a-${base}` },
      { id: `2${base}`, name: 'Loja Norte', access_token: `page-token-b-${base}` },
    ]);
    const connected = await t.request('POST', '/facebook', { token, body: { facebookUserId: '9876543210', facebookUserToken: 'short-lived-user-token', addInstagram: false } });
    expect(connected.status).toBe(201);
    await eventually(async () =>
      receiver
        .events('connection.status')
        .filter((body) => body.companyId === a.company.id)
        .map((body) => (body.data as { connection: { channel: string; name: string; status: string } }).connection)
        .map((connection) => [connection.channel, connection.name, connection.status])
        .sort(),
    ).toEqual([
      ['facebook', 'Loja Centro', 'CONNECTED'],
      ['facebook', 'Loja Norte', 'CONNECTED'],
    ]);
  });
});
