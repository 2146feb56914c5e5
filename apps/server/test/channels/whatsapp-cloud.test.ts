// The WhatsApp Cloud API channel (issue 6 item 3) driven through a fake Graph server: signed
// webhooks in, Graph calls out.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/platform/clock.ts';
import { pngDeclaring } from '../factories/image.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { deliverWebhook, graphErrors, INVALID_TOKEN, startFakeGraph, type FakeGraph } from '../helpers/fake-graph.ts';
import type { Json } from '../helpers/json.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SECRET = 'cloud-app-secret';
const VERIFY_TOKEN = 'verify-me-please';
const WEBHOOK = '/webhooks/whatsappapi';
const HOURS = 60 * 60 * 1000;

let t: TestApp;
let graph: FakeGraph;
const clock = manualClock();
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ meta: { graphUrl: graph.graphUrl, appSecret: SECRET, verifyToken: VERIFY_TOKEN } }, { clock });
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

let numbers = 0;
const cloudCompany = async () => {
  const a = await setupAttendance(t);
  const phoneNumberId = `10${Date.now()}${numbers++}`;
  graph.addPhoneNumber(phoneNumberId, '+55 11 3333-0000');
  const created = await t.request('POST', '/whatsappapi/connections', {
    token: a.adminSession.token,
    body: { name: 'Cloud line', phoneNumberId, accessToken: `cloud-access-token-${phoneNumberId}` },
  });
  if (created.status !== 201) throw new Error(`cloud connection: ${JSON.stringify(created.body)}`);
  const delivery = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: 'waba-1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551133330000', phone_number_id: phoneNumberId }, ...value } }] }],
  });
  let sequence = 0;
  const customerMessage = (from: string, message: Record<string, unknown>, id = `wamid.in-${phoneNumberId}-${sequence++}`) =>
    delivery({
      contacts: [{ profile: { name: 'Maria Cliente' }, wa_id: from }],
      messages: [{ from, id, timestamp: '1700000000', ...message }],
    });
  const deliver = (payload: unknown) => deliverWebhook(t, WEBHOOK, payload, { secret: SECRET });
  const ticketsOf = async () => (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets as Json[];
  const messagesOf = async (ticketId: number) => (await t.request('GET', `/messages/${ticketId}`, { token: a.adminSession.token })).body.messages as Json[];
  const openTicketFor = async (from: string) => {
    expect((await deliver(customerMessage(from, { type: 'text', text: { body: 'oi' } }))).status).toBe(200);
    const [ticket] = (await ticketsOf()).filter((row) => row.contact.number === from);
    await a.put(a.adminSession.token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    return ticket.id as number;
  };
  return { a, connection: created.body, phoneNumberId, delivery, customerMessage, deliver, ticketsOf, messagesOf, openTicketFor };
};

const sendsTo = (phoneNumberId: string) => graph.sends().filter((call) => call.path === `${phoneNumberId}/messages`);

describe('WhatsApp Cloud API channel (02-operations §7 Connections; 01-core §4 Messages)', () => {
  it('answers the verification handshake only with the configured verify token (02-operations §7 Connections)', async () => {
    const ok = await fetch(`${t.url}${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${t.url}${WEBHOOK}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    const noMode = await fetch(`${t.url}${WEBHOOK}?hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(noMode.status).toBe(403);
  });

  it('connects a number checked against the Graph API and never shows its token (02-operations §3 Connection)', async () => {
    const { a, connection, phoneNumberId } = await cloudCompany();
    expect(connection).toMatchObject({ channel: 'whatsappapi', status: 'CONNECTED', number: '551133330000', name: 'Cloud line' });
    const listed = await t.request('GET', '/whatsapp?session=0', { token: a.adminSession.token });
    expect(listed.body.map((row: { channel: string }) => row.channel).sort()).toEqual(['sandbox', 'whatsappapi']);
    expect(JSON.stringify(listed.body)).not.toContain('cloud-access-token');
    expect(JSON.stringify(connection)).not.toContain('cloud-access-token');
    const refused = await t.request('POST', '/whatsappapi/connections', {
      token: a.adminSession.token,
      body: { name: 'Bad token', phoneNumberId: '999888777', accessToken: INVALID_TOKEN },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    // one number belongs to one company
    const other = await setupAttendance(t);
    const taken = await t.request('POST', '/whatsappapi/connections', {
      token: other.adminSession.token,
      body: { name: 'Same number', phoneNumberId, accessToken: 'cloud-access-token' },
    });
    expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_CONNECTION_IN_USE' } });
  });

  it('refuses unsigned, wrongly signed and malformed deliveries and stores nothing (issue 6 Bad input)', async () => {
    const { customerMessage, ticketsOf } = await cloudCompany();
    const payload = customerMessage('5511955550001', { type: 'text', text: { body: 'intruso' } });
    expect((await deliverWebhook(t, WEBHOOK, payload, { signature: null })).status).toBe(401);
    expect((await deliverWebhook(t, WEBHOOK, payload, { secret: 'not-the-secret' })).status).toBe(403);
    expect((await deliverWebhook(t, WEBHOOK, payload, { signature: 'sha256=zz' })).status).toBe(403);
    expect((await deliverWebhook(t, WEBHOOK, undefined, { secret: SECRET, rawBody: '{"object": "whatsapp_business_account", "entry": [' })).status).toBe(400);
    expect((await deliverWebhook(t, WEBHOOK, { object: 'whatsapp_business_account', entry: [{ changes: 'no' }] }, { secret: SECRET })).status).toBe(400);
    // a body altered after signing fails the signature
    const signedFor = JSON.stringify(payload);
    const { signBody } = await import('../../src/channels/meta-graph/signature.ts');
    const tampered = signedFor.replace('intruso', 'tampered');
    expect((await deliverWebhook(t, WEBHOOK, undefined, { rawBody: tampered, signature: signBody(signedFor, SECRET) })).status).toBe(403);
    expect(await ticketsOf()).toEqual([]);
  });

  it('ignores unknown event kinds and message types with a 200, storing nothing (issue 6 Bad input)', async () => {
    const { deliver, delivery, customerMessage, ticketsOf } = await cloudCompany();
    expect((await deliver({ object: 'whatsapp_business_account', entry: [{ id: 'waba', changes: [{ field: 'account_update', value: { event: 'x' } }] }] })).status).toBe(200);
    expect((await deliver({ object: 'page', entry: [] })).status).toBe(200);
    expect((await deliver(customerMessage('5511955550002', { type: 'unsupported', errors: [{ code: 131051 }] }))).status).toBe(200);
    expect((await deliver(delivery({ statuses: [{ id: 'wamid.unknown', status: 'deleted', recipient_id: '1' }] }))).status).toBe(200);
    expect(await ticketsOf()).toEqual([]);
  });

  it('stores a text message in a pending ticket, once however often it is delivered (01-core §4 Messages)', async () => {
    const { deliver, customerMessage, ticketsOf, messagesOf } = await cloudCompany();
    const payload = customerMessage('5511955550003', { type: 'text', text: { body: 'Olá, preciso de ajuda' } });
    expect(await deliver(payload)).toEqual({ status: 200, text: 'EVENT_RECEIVED' });
    expect((await deliver(payload)).status).toBe(200);
    const tickets = await ticketsOf();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'pending', channel: 'whatsappapi', unreadMessages: 1, contact: { name: 'Maria Cliente', number: '5511955550003' } });
    const messages = await messagesOf(tickets[0].id);
    expect(messages.map((message) => [message.body, message.fromMe, message.mediaType])).toEqual([['Olá, preciso de ajuda', false, 'chat']]);
  });

  it('fetches media through the Graph media endpoint into storage; location, contact cards, reactions and replies (01-core §3 Message media types)', async () => {
    const { deliver, customerMessage, ticketsOf, messagesOf } = await cloudCompany();
    const photo = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } }).png().toBuffer();
    graph.addMedia('media-photo-1', photo, 'image/png');
    const from = '5511955550004';
    const sent = [
      customerMessage(from, { type: 'image', image: { id: 'media-photo-1', mime_type: 'image/png', caption: 'a foto' } }, 'wamid.photo'),
      customerMessage(from, { type: 'location', location: { latitude: -23.5, longitude: -46.6, name: 'Loja' } }),
      customerMessage(from, { type: 'contacts', contacts: [{ name: { formatted_name: 'João' }, phones: [{ phone: '+55 11 98888-7777', wa_id: '5511988887777' }] }] }),
      customerMessage(from, { type: 'reaction', reaction: { message_id: 'wamid.photo', emoji: '👍' } }),
      customerMessage(from, { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sim' } }, context: { id: 'wamid.photo' } }),
      customerMessage(from, { type: 'button', button: { text: 'Quero', payload: 'want' } }),
    ];
    for (const payload of sent) expect((await deliver(payload)).status).toBe(200);
    const [ticket] = await ticketsOf();
    const messages = await messagesOf(ticket.id);
    expect(messages.map((message) => message.mediaType)).toEqual(['image', 'locationMessage', 'contactMessage', 'reactionMessage', 'chat', 'chat']);
    const [image, location, card, reaction, reply, button] = messages;
    expect(image.body).toBe('a foto');
    expect(image.mediaUrl).toMatch(/^\/public\/company\d+\/media\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(t.url + image.mediaUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    expect(graph.calls.some((call) => call.method === 'GET' && call.path === 'media-photo-1' && call.token.startsWith('cloud-access-token-'))).toBe(true);
    expect(location.body).toContain('Loja');
    expect(location.body).toContain('-23.5%2C-46.6');
    expect(card).toMatchObject({ body: 'João' });
    expect(card.vCard).toContain('waid=5511988887777');
    expect(reaction).toMatchObject({ body: '👍', quotedMsgId: image.id });
    expect(reply).toMatchObject({ body: 'Sim', quotedMsgId: image.id });
    expect(button.body).toBe('Quero');
  });

  it("an inbound image declaring 30000×30000 pixels is not stored: the message keeps its caption without the file (issue 12)", async () => {
    const { a, deliver, customerMessage, ticketsOf, messagesOf } = await cloudCompany();
    graph.addMedia('media-bomb-1', pngDeclaring(30_000, 30_000), 'image/png');
    const from = '5511955550019';
    const payload = customerMessage(from, { type: 'image', image: { id: 'media-bomb-1', mime_type: 'image/png', caption: 'olha isso' } });
    expect((await deliver(payload)).status).toBe(200);
    const [ticket] = (await ticketsOf()).filter((row) => row.contact.number === from);
    expect(await messagesOf(ticket.id)).toMatchObject([{ body: 'olha isso', mediaUrl: null }]);
    expect(existsSync(join(t.config.publicDir, `company${a.company.id}`, 'media'))).toBe(false);
  });

  it("sends an attendant's text with the Cloud API JSON, and statuses raise its ack (01-core §4 Messages)", async () => {
    const { a, phoneNumberId, openTicketFor, deliver, delivery, messagesOf } = await cloudCompany();
    const ticketId = await openTicketFor('5511955550005');
    const posted = await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'Bom dia!' } });
    expect(posted.status).toBe(201);
    await expect.poll(() => sendsTo(phoneNumberId).length).toBe(1);
    const [send] = sendsTo(phoneNumberId);
    expect(send.token).toBe(`cloud-access-token-${phoneNumberId}`);
    expect(send.body).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '5511955550005', type: 'text', text: { body: 'Bom dia!', preview_url: false } });
    const ours = async () => (await messagesOf(ticketId)).find((message) => message.fromMe);
    await expect.poll(async () => (await ours())?.ack).toBe(1);
    const providerId = send.sentId;
    const status = (state: string) => delivery({ statuses: [{ id: providerId, status: state, timestamp: '1700000100', recipient_id: '5511955550005' }] });
    expect((await deliver(status('delivered'))).status).toBe(200);
    expect((await deliver(status('read'))).status).toBe(200);
    // a late 'sent' never lowers it
    expect((await deliver(status('sent'))).status).toBe(200);
    expect((await ours())?.ack).toBe(3);
  });

  it('uploads media to the number before sending it, with its caption (01-core §4 Messages)', async () => {
    const { a, phoneNumberId, openTicketFor } = await cloudCompany();
    const ticketId = await openTicketFor('5511955550006');
    const photo = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    const form = new FormData();
    form.set('body', 'segue a foto');
    form.set('medias', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
    const posted = await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, rawBody: form });
    expect(posted.status).toBe(201);
    await expect.poll(() => sendsTo(phoneNumberId).length).toBe(1);
    const upload = graph.calls.find((call) => call.path === `${phoneNumberId}/media`);
    expect(upload?.body).toMatchObject({ messaging_product: 'whatsapp', type: 'image/jpeg', fileSize: photo.length });
    expect(sendsTo(phoneNumberId)[0].body).toMatchObject({ type: 'image', image: { id: expect.stringMatching(/^uploaded-/), caption: 'segue a foto' } });
  });

  it('outside the 24-hour window only templates go out (01-core §4 Messages)', async () => {
    const { a, phoneNumberId, openTicketFor, messagesOf } = await cloudCompany();
    const ticketId = await openTicketFor('5511955550007');
    clock.advance(25 * HOURS);
    try {
      const plain = await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'ainda aí?' } });
      expect(plain).toMatchObject({ status: 400, body: { error: 'ERR_OUTSIDE_24H_WINDOW' } });
      const badTemplate = await t.request('POST', `/messages/${ticketId}`, {
        token: a.adminSession.token,
        body: { body: '', template: { name: 'Not A Name', language: 'pt_BR' } },
      });
      expect(badTemplate.status).toBe(400);
      const template = await t.request('POST', `/messages/${ticketId}`, {
        token: a.adminSession.token,
        body: { body: '', template: { name: 'retomar_atendimento', language: 'pt_BR', parameters: ['Maria'] } },
      });
      expect(template.status).toBe(201);
      await expect.poll(() => sendsTo(phoneNumberId).length).toBe(1);
      expect(sendsTo(phoneNumberId)[0].body).toMatchObject({
        type: 'template',
        template: { name: 'retomar_atendimento', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }] },
      });
      const stored = (await messagesOf(ticketId)).filter((message) => message.fromMe);
      expect(stored.map((message) => message.body)).toEqual(['retomar_atendimento (Maria)']);
    } finally {
      clock.advance(-25 * HOURS);
    }
  });

  it('retries rate-limited sends with backoff until delivered; other refusals mark the message failed, a revoked token the connection (issue 6 Bad input; 02-operations §4 Connection status)', async () => {
    const { a, phoneNumberId, connection, openTicketFor, messagesOf, deliver, delivery } = await cloudCompany();
    const connectionId = connection.id;
    const ticketId = await openTicketFor('5511955550008');
    graph.failNextSends(graphErrors.rateLimit, graphErrors.throttled);
    await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'chega já' } });
    const ours = async () => (await messagesOf(ticketId)).filter((message) => message.fromMe);
    await expect.poll(async () => (await ours())[0]?.ack, { timeout: 15_000, interval: 250 }).toBe(1);
    expect(sendsTo(phoneNumberId)).toHaveLength(3);
    expect((await ours())[0].sendError).toBeNull();

    graph.failNextSends(graphErrors.invalidParameter);
    await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'recusada' } });
    await expect.poll(async () => (await ours())[1]?.sendError).toBe('ERR_SENDING_WAPP_MSG');
    expect((await ours())[1].ack).toBe(0);
    expect(sendsTo(phoneNumberId)).toHaveLength(4);

    // a revoked token: refused, and the connection shows it needs its owner
    graph.revokeToken(`cloud-access-token-${phoneNumberId}`);
    await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'sem token' } });
    await expect.poll(async () => (await ours())[2]?.sendError).toBe('ERR_INVALID_CREDENTIALS');
    const shown = await t.request('GET', `/whatsapp/${connectionId}`, { token: a.adminSession.token });
    expect(shown.body.status).toBe('DISCONNECTED');
    // connecting again with a new token brings it back
    const reconnected = await t.request('POST', '/whatsappapi/connections', {
      token: a.adminSession.token,
      body: { name: 'Cloud line', phoneNumberId, accessToken: 'a-fresh-cloud-token' },
    });
    expect(reconnected).toMatchObject({ status: 201, body: { id: connectionId, status: 'CONNECTED' } });

    // accepted, then reported failed by a status: the window closed in between
    await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'aceita' } });
    await expect.poll(async () => (await ours())[3]?.ack).toBe(1);
    const wamid = sendsTo(phoneNumberId).at(-1)?.sentId;
    const failed = delivery({ statuses: [{ id: wamid, status: 'failed', recipient_id: '5511955550008', errors: [{ code: 131047, title: 'Re-engagement message' }] }] });
    expect((await deliver(failed)).status).toBe(200);
    expect((await ours())[3].sendError).toBe('ERR_OUTSIDE_24H_WINDOW');
  });
});
