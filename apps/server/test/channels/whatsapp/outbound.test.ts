import { proto } from '@whiskeysockets/baileys';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../../src/db/schema.ts';
import type { Json } from '../../helpers/json.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { voiceRecording } from '../../helpers/voice-recording.ts';
import { connectionOf, deliver, setupWhatsappCompany, startWhatsappApp, waitFor, waMessage } from './support.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
beforeAll(async () => {
  ({ t, whatsapp } = await startWhatsappApp());
});
afterAll(() => t?.close());

const CUSTOMER = '5511955551111';
const customerJid = `${CUSTOMER}@s.whatsapp.net`;

// A connected session with a customer's ticket accepted by the admin.
const conversation = async () => {
  const setup = await setupWhatsappCompany(t, whatsapp);
  setup.socket.open();
  await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
  const first = waMessage(customerJid, { conversation: 'preciso de ajuda' });
  deliver(setup.socket, first);
  const ticket = await waitFor(async () => {
    const [contact] = await t.db.select().from(contacts).where(and(eq(contacts.companyId, setup.company.id), eq(contacts.number, CUSTOMER)));
    const [row] = contact ? await t.db.select().from(tickets).where(eq(tickets.contactId, contact.id)) : [];
    return row;
  }, 'the ticket');
  await t.request('PUT', `/tickets/${ticket.id}`, { token: setup.session.token, body: { status: 'open', userId: setup.admin.id } });
  const send = (body: Record<string, unknown> | FormData) =>
    body instanceof FormData
      ? t.request('POST', `/messages/${ticket.id}`, { token: setup.session.token, rawBody: body })
      : t.request('POST', `/messages/${ticket.id}`, { token: setup.session.token, body });
  const sentTo = (count: number) => waitFor(() => (setup.socket.sent.length >= count ? setup.socket.sent : undefined), `${count} sends`);
  const stored = async (id: number) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0];
  return { ...setup, ticket, first, send, sentTo, stored };
};

describe('WhatsApp outbound messages (01-core §4 Messages)', () => {
  it('a text reply reaches the socket as Baileys text content and keeps WhatsApp\'s message id (01-core §4 Messages)', async () => {
    const c = await conversation();
    const answer = await c.send({ body: 'Olá! Como posso ajudar?' });
    expect(answer.status).toBe(201);
    const [sent] = await c.sentTo(1);
    expect(sent.jid).toBe(customerJid);
    expect(sent.content).toEqual({ text: 'Olá! Como posso ajudar?' });
    const row = await waitFor(async () => {
      const current = await c.stored(answer.body[0].id);
      return current.providerMessageId ? current : undefined;
    }, 'the provider id');
    expect(row).toMatchObject({ providerMessageId: sent.options?.messageId, ack: 1 });
    // a phone that could not decrypt it asks again; Baileys gets the message back from us
    expect(await c.socket.options.getMessage({ remoteJid: customerJid, id: row.providerMessageId, fromMe: true })).toEqual({
      conversation: 'Olá! Como posso ajudar?',
    });

    // WhatsApp echoing our own send back is not a second message
    deliver(c.socket, waMessage(customerJid, { conversation: 'Olá! Como posso ajudar?' }, { fromMe: true, id: row.providerMessageId! }));
    deliver(c.socket, waMessage(customerJid, { conversation: 'obrigado' }));
    const list = await waitFor(async () => {
      const page = (await t.request('GET', `/messages/${c.ticket.id}`, { token: c.session.token })).body.messages as Json[];
      return page.some((message) => message.body === 'obrigado') ? page : undefined;
    }, 'the next inbound');
    expect(list.map((message) => message.body)).toEqual(['preciso de ajuda', 'Olá! Como posso ajudar?', 'obrigado']);
  });

  it('acks follow messages.update and message-receipt.update: delivered, read, played (01-core §4 Messages)', async () => {
    const c = await conversation();
    const answer = await c.send({ body: 'confirmado' });
    const [sent] = await c.sentTo(1);
    const key = { remoteJid: customerJid, id: sent.options!.messageId!, fromMe: true };
    await waitFor(async () => (await c.stored(answer.body[0].id)).providerMessageId, 'the provider id');
    const ackOf = async () => (await c.stored(answer.body[0].id)).ack;
    c.socket.emit('messages.update', [{ key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }]);
    await waitFor(async () => (await ackOf()) === 2, 'delivered');
    c.socket.emit('messages.update', [{ key, update: { status: proto.WebMessageInfo.Status.READ } }]);
    await waitFor(async () => (await ackOf()) === 3, 'read');
    // a late delivery receipt does not undo read
    c.socket.emit('messages.update', [{ key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } }]);
    c.socket.emit('message-receipt.update', [{ key, receipt: { userJid: customerJid, playedTimestamp: 1_700_000_000 } }]);
    await waitFor(async () => (await ackOf()) === 4, 'played');
  });

  it('media with caption, a voice note as ogg/opus push-to-talk, and a contact card (01-core §4 Messages)', async () => {
    const c = await conversation();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } }).png().toBuffer();
    const photo = new FormData();
    photo.append('body', 'segue a foto');
    photo.append('medias', new Blob([png]), 'foto.png');
    expect((await c.send(photo)).status).toBe(201);
    const voice = new FormData();
    voice.append('medias', new Blob([await voiceRecording('mp3')]), 'audio.mp3');
    expect((await c.send(voice)).status).toBe(201);
    expect((await c.send({ body: '', vCard: { name: 'Suporte', number: '5511900009999' } })).status).toBe(201);

    const sent = await c.sentTo(3);
    expect(sent[0].content).toEqual({ image: png, caption: 'segue a foto' });
    const audio = sent[1].content as { audio: Buffer; mimetype: string; ptt: boolean };
    expect(audio.mimetype).toBe('audio/ogg; codecs=opus');
    expect(audio.ptt).toBe(true);
    expect(audio.audio.subarray(0, 4).toString()).toBe('OggS');
    expect(audio.audio.includes(Buffer.from('OpusHead'))).toBe(true);
    expect(sent[2].content).toEqual({
      contacts: { displayName: 'Suporte', contacts: [{ vcard: expect.stringContaining('waid=5511900009999') }] },
    });
  });

  it('quoted replies, edits and deletes use Baileys\' quoted, edit and delete shapes (01-core §4 Messages)', async () => {
    const c = await conversation();
    const quotedId = (await t.request('GET', `/messages/${c.ticket.id}`, { token: c.session.token })).body.messages[0].id;
    const reply = await c.send({ body: 'sobre isso:', quotedMsg: { id: quotedId } });
    const [sent] = await c.sentTo(1);
    expect(sent.options?.quoted).toMatchObject({ key: { remoteJid: customerJid, id: c.first.key.id, fromMe: false }, message: { conversation: 'preciso de ajuda' } });
    const providerId = sent.options!.messageId!;
    await waitFor(async () => (await c.stored(reply.body[0].id)).providerMessageId, 'the provider id');

    expect((await t.request('POST', `/messages/edit/${reply.body[0].id}`, { token: c.session.token, body: { body: 'sobre isso aqui:' } })).status).toBe(200);
    const edited = await c.sentTo(2);
    expect(edited[1]).toMatchObject({ jid: customerJid, content: { text: 'sobre isso aqui:', edit: { remoteJid: customerJid, id: providerId, fromMe: true } } });

    expect((await t.request('DELETE', `/messages/${reply.body[0].id}`, { token: c.session.token })).status).toBe(200);
    const removed = await c.sentTo(3);
    expect(removed[2]).toMatchObject({ jid: customerJid, content: { delete: { remoteJid: customerJid, id: providerId, fromMe: true } } });
  });

  it('replies wait in the queue while the session is down and go out when it reconnects (issue 6 Bad input)', async () => {
    const c = await conversation();
    c.socket.close(428);
    await waitFor(async () => (await connectionOf(t, c.session.token, c.connectionId)).status === 'OPENING', 'OPENING');
    const answer = await c.send({ body: 'está aí?' });
    expect(answer.status).toBe(201);
    const next = await waitFor(() => (whatsapp.of(c.connectionId).length === 2 ? whatsapp.latest(c.connectionId) : undefined), 'the reconnect');
    expect(c.socket.sent).toEqual([]);
    expect((await c.stored(answer.body[0].id)).ack).toBe(0);
    next.open();
    await waitFor(() => next.sent.length === 1, 'the queued reply', 15_000);
    expect(next.sent[0].content).toEqual({ text: 'está aí?' });
  });

  it('a customer known only by LID is answered at that LID (01-core §3 Contact)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    deliver(setup.socket, waMessage('77665544332211@lid', { conversation: 'sem número' }));
    const ticket = await waitFor(async () => (await t.db.select().from(tickets).where(eq(tickets.whatsappId, setup.connectionId)))[0], 'the ticket');
    await t.request('PUT', `/tickets/${ticket.id}`, { token: setup.session.token, body: { status: 'open', userId: setup.admin.id } });
    await t.request('POST', `/messages/${ticket.id}`, { token: setup.session.token, body: { body: 'pode falar' } });
    await waitFor(() => setup.socket.sent.length === 1, 'the reply');
    expect(setup.socket.sent[0].jid).toBe('77665544332211@lid');
  });

  it('opening the ticket sends read receipts for the customer\'s messages (01-core §4 Unread handling)', async () => {
    const c = await conversation();
    await t.request('GET', `/messages/${c.ticket.id}`, { token: c.session.token });
    const [keys] = await waitFor(() => (c.socket.reads.length > 0 ? c.socket.reads : undefined), 'the read receipts');
    expect(keys).toEqual([{ remoteJid: customerJid, id: c.first.key.id, fromMe: false, participant: undefined }]);
  });
});
