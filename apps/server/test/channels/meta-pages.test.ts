// Messenger and Instagram (issue 6 item 4) through a fake Graph server: POST /facebook turns a
// Facebook login into page and Instagram connections; signed page webhooks in; Send API out.
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { deliverWebhook, INVALID_TOKEN, startFakeGraph, type FakeGraph } from '../helpers/fake-graph.ts';
import type { Json } from '../helpers/json.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SECRET = 'pages-app-secret';
const WEBHOOK = '/webhooks/facebook';
const PUBLIC_URL = 'https://atende.example.test';
const HOURS = 60 * 60 * 1000;

let t: TestApp;
let graph: FakeGraph;
const clock = manualClock();
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ meta: { graphUrl: graph.graphUrl, appId: '4242', appSecret: SECRET, verifyToken: 'pages-verify' }, publicUrl: PUBLIC_URL }, { clock });
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

let pageCounter = 0;
const newPages = () => {
  const base = `${Date.now()}${pageCounter++}`;
  return [
    { id: `1${base}`, name: 'Loja Centro', access_token: `page-token-a-${base}`, instagram_business_account: { id: `17${base}`, username: 'loja.centro' } },
    { id: `2${base}`, name: 'Loja Norte', access_token: `page-token-b-${base}` },
  ];
};

const connectPages = async (options: { addInstagram?: boolean } = {}) => {
  const a = await setupAttendance(t);
  const pages = newPages();
  graph.setPages(pages);
  const answer = await t.request('POST', '/facebook', {
    token: a.adminSession.token,
    body: { facebookUserId: '9876543210', facebookUserToken: 'short-lived-user-token', addInstagram: options.addInstagram ?? false },
  });
  return { a, pages, answer };
};

const deliver = (payload: unknown) => deliverWebhook(t, WEBHOOK, payload, { secret: SECRET });
let mids = 0;
const pageMessage = (object: 'page' | 'instagram', accountId: string, senderId: string, message: Record<string, unknown>) => ({
  object,
  entry: [{ id: accountId, time: Date.now(), messaging: [{ sender: { id: senderId }, recipient: { id: accountId }, timestamp: Date.now(), message: { mid: `m_in-${mids++}`, ...message } }] }],
});

describe('Messenger and Instagram channels (02-operations §7 Connections; 01-core §2 chat notice)', () => {
  it('POST /facebook exchanges the login for page tokens and creates one connection per page (02-operations §7 Connections)', async () => {
    const { a, pages, answer } = await connectPages();
    expect(answer.status).toBe(201);
    expect(answer.body.map((row: Json) => [row.channel, row.name, row.status])).toEqual([
      ['facebook', 'Loja Centro', 'CONNECTED'],
      ['facebook', 'Loja Norte', 'CONNECTED'],
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('page-token');
    const exchange = graph.calls.filter((call) => call.path === 'oauth/access_token').at(-1);
    expect(exchange?.query).toMatchObject({ grant_type: 'fb_exchange_token', client_id: '4242', fb_exchange_token: 'short-lived-user-token' });
    const listing = graph.calls.filter((call) => call.path === '9876543210/accounts').at(-1);
    expect(listing?.token).toBe('long-lived-short-lived-user-token');
    for (const page of pages) {
      const subscription = graph.calls.find((call) => call.path === `${page.id}/subscribed_apps`);
      expect(subscription).toMatchObject({ method: 'POST', token: page.access_token });
      expect(subscription?.query.subscribed_fields).toContain('messages');
    }
    // connecting again refreshes the same connections instead of adding more
    await t.request('POST', '/facebook', { token: a.adminSession.token, body: { facebookUserId: '9876543210', facebookUserToken: 'again-token' } });
    const listed = await t.request('GET', '/whatsapp/filter?channel=facebook', { token: a.adminSession.token });
    expect(listed.body).toHaveLength(2);
    expect(JSON.stringify(listed.body)).not.toContain('page-token');
  });

  it('with addInstagram creates a connection for each Instagram account linked to a page (02-operations §7 Connections)', async () => {
    const { answer } = await connectPages({ addInstagram: true });
    expect(answer.status).toBe(201);
    expect(answer.body.map((row: Json) => [row.channel, row.name])).toEqual([['instagram', 'loja.centro']]);
  });

  it('POST /facebook honours the plan flags and connection limit, and refuses a bad token (02-operations §2, §7)', async () => {
    const { a } = await connectPages();
    const planId = a.company.planId ?? 0;
    await t.db.update(plans).set({ useInstagram: false }).where(eq(plans.id, planId));
    graph.setPages(newPages());
    const noInstagram = await t.request('POST', '/facebook', {
      token: a.adminSession.token,
      body: { facebookUserId: '9876543210', facebookUserToken: 'user-token-x', addInstagram: true },
    });
    expect(noInstagram).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    // the sandbox and two pages exist: a limit of 3 leaves no room for two more pages
    await t.db.update(plans).set({ connections: 3 }).where(eq(plans.id, planId));
    const overLimit = await t.request('POST', '/facebook', { token: a.adminSession.token, body: { facebookUserId: '9876543210', facebookUserToken: 'user-token-y' } });
    expect(overLimit).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_CONNECTION_LIMIT' } });
    const badToken = await t.request('POST', '/facebook', { token: a.adminSession.token, body: { facebookUserId: '9876543210', facebookUserToken: INVALID_TOKEN } });
    expect(badToken).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    const listed = await t.request('GET', '/whatsapp?session=0', { token: a.adminSession.token });
    expect(listed.body).toHaveLength(3);
  });

  it('a Messenger message becomes a ticket named from the profile, with its attachment stored (01-core §4 Messages)', async () => {
    const { a, pages } = await connectPages();
    graph.addProfile('61550000000001', { name: 'Ana Souza' });
    const photo = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#0000ff' } }).png().toBuffer();
    const photoUrl = graph.addCdnFile('photo.png', photo, 'image/png');
    const text = pageMessage('page', pages[0].id, '61550000000001', { text: 'Oi, vocês abrem sábado?' });
    expect(await deliver(text)).toEqual({ status: 200, text: 'EVENT_RECEIVED' });
    expect((await deliver(text)).status).toBe(200);
    expect((await deliver(pageMessage('page', pages[0].id, '61550000000001', { attachments: [{ type: 'image', payload: { url: photoUrl } }] }))).status).toBe(200);
    // echoes of the page's own messages and unsigned deliveries store nothing
    expect((await deliver(pageMessage('page', pages[0].id, pages[0].id, { text: 'echo', is_echo: true }))).status).toBe(200);
    expect((await deliverWebhook(t, WEBHOOK, pageMessage('page', pages[0].id, '61550000000001', { text: 'unsigned' }), { signature: null })).status).toBe(401);
    const tickets = (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets;
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ channel: 'facebook', contact: { name: 'Ana Souza', number: '61550000000001' }, unreadMessages: 2 });
    const messages = (await t.request('GET', `/messages/${tickets[0].id}`, { token: a.adminSession.token })).body.messages;
    expect(messages.map((message: Json) => [message.body, message.mediaType])).toEqual([
      ['Oi, vocês abrem sábado?', 'chat'],
      ['', 'image'],
    ]);
    const served = await fetch(t.url + messages[1].mediaUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('an Instagram message arrives on its Instagram connection (01-core §4 Messages)', async () => {
    const { a, pages } = await connectPages({ addInstagram: true });
    const account = pages[0].instagram_business_account!.id;
    graph.addProfile('17840000000009', { username: 'cliente.insta' });
    expect((await deliver(pageMessage('instagram', account, '17840000000009', { text: 'Tem esse em azul?' }))).status).toBe(200);
    const [ticket] = (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets;
    expect(ticket).toMatchObject({ channel: 'instagram', contact: { name: 'cliente.insta' }, lastMessage: 'Tem esse em azul?' });
  });

  it('replies go through the Send API with the page token; delivery and read receipts raise the ack; 24 h window (01-core §2 chat notice)', async () => {
    const { a, pages } = await connectPages();
    const customer = '61550000000002';
    expect((await deliver(pageMessage('page', pages[1].id, customer, { text: 'Olá' }))).status).toBe(200);
    const [ticket] = (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets;
    await a.put(a.adminSession.token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const sendsToPage = () => graph.sends().filter((call) => call.path === `${pages[1].id}/messages`);

    expect((await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, body: { body: 'Olá! Como posso ajudar?' } })).status).toBe(201);
    await expect.poll(() => sendsToPage().length).toBe(1);
    const [send] = sendsToPage();
    expect(send.token).toBe(pages[1].access_token);
    expect(send.body).toEqual({ recipient: { id: customer }, messaging_type: 'RESPONSE', message: { text: 'Olá! Como posso ajudar?' } });

    const photo = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const form = new FormData();
    form.set('body', 'nosso catálogo');
    form.set('medias', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'catalogo.png');
    expect((await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, rawBody: form })).status).toBe(201);
    await expect.poll(() => sendsToPage().length).toBe(3);
    const [, attachment, caption] = sendsToPage();
    expect(attachment.body.message.attachment).toMatchObject({ type: 'image', payload: { url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/public/company\\d+/media/`)) } });
    expect(caption.body.message).toEqual({ text: 'nosso catálogo' });

    // a contact card goes as text: neither channel has cards
    const card = await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, body: { body: '', vCard: { name: 'Suporte', number: '5511933332222' } } });
    expect(card.status).toBe(201);
    await expect.poll(() => sendsToPage().length).toBe(4);
    expect(sendsToPage()[3].body.message).toEqual({ text: 'Suporte\n+5511933332222' });

    const messages = async () => (await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).body.messages.filter((m: Json) => m.fromMe);
    await expect.poll(async () => (await messages()).map((m: Json) => m.ack)).toEqual([1, 1, 1]);
    const receipt = (kind: Record<string, unknown>) => ({
      object: 'page',
      entry: [{ id: pages[1].id, time: Date.now(), messaging: [{ sender: { id: customer }, recipient: { id: pages[1].id }, timestamp: Date.now(), ...kind }] }],
    });
    expect((await deliver(receipt({ delivery: { mids: [send.sentId], watermark: Date.now() } }))).status).toBe(200);
    expect((await messages()).map((m: Json) => m.ack)).toEqual([2, 1, 1]);
    expect((await deliver(receipt({ read: { watermark: Date.now() + 60_000 } }))).status).toBe(200);
    expect((await messages()).map((m: Json) => m.ack)).toEqual([3, 3, 3]);

    clock.advance(25 * HOURS);
    try {
      const late = await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, body: { body: 'ainda aí?' } });
      expect(late).toMatchObject({ status: 400, body: { error: 'ERR_OUTSIDE_24H_WINDOW' } });
      const [firstReply] = await messages();
      const forwarded = await t.request('POST', '/message/forward', { token: a.adminSession.token, body: { messageId: firstReply.id, contactId: ticket.contactId } });
      expect(forwarded).toMatchObject({ status: 400, body: { error: 'ERR_OUTSIDE_24H_WINDOW' } });
      const template = await t.request('POST', `/messages/${ticket.id}`, {
        token: a.adminSession.token,
        body: { body: '', template: { name: 'retomar', language: 'pt_BR' } },
      });
      expect(template).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.template', message: 'validation.templateNeedsCloudApi' }] } });
    } finally {
      clock.advance(-25 * HOURS);
    }
    expect(sendsToPage()).toHaveLength(4);
  });
});
