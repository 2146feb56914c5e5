// The Telegram channel (issue 41 point 3) driven through a fake Bot API on loopback: a bot
// connected by its token (getMe, setWebhook), deliveries with the secret token in, Bot API calls out.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../../src/db/schema.ts';
import { ffmpegBinary } from '../../src/platform/ffmpeg.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { deliverUpdate, startFakeTelegram, telegramErrors, type FakeTelegram } from '../helpers/fake-telegram.ts';
import type { Json } from '../helpers/json.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { voiceRecording } from '../helpers/voice-recording.ts';

const PUBLIC_URL = 'https://atende.example';

let t: TestApp;
let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
  t = await startTestApp({ telegram: { apiUrl: telegram.apiUrl }, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
});

// a short video as a phone would send it
const videoClip = async () => {
  const { stdout } = await promisify(execFile)(
    await ffmpegBinary(),
    ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=16x16:rate=5:duration=0.4', '-c:v', 'mpeg4', '-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
    { encoding: 'buffer' },
  );
  return stdout;
};

let bots = 0;
const telegramCompany = async () => {
  const a = await setupAttendance(t);
  const bot = telegram.addBot(`atende_${bots++}_bot`);
  const created = await t.request('POST', '/telegram/connections', { token: a.adminSession.token, body: { name: 'Telegram bot', botToken: bot.token } });
  if (created.status !== 201) throw new Error(`telegram connection: ${JSON.stringify(created.body)}`);
  const webhook = telegram.webhookOf(bot.token);
  if (!webhook) throw new Error('no webhook set');
  let updateIds = 1;
  let messageIds = 1;
  const update = (chatId: number, message: Record<string, unknown>, kind: 'message' | 'edited_message' = 'message') => ({
    update_id: updateIds++,
    [kind]: {
      message_id: messageIds++,
      date: 1_700_000_000,
      chat: { id: chatId, type: 'private', first_name: 'Maria' },
      from: { id: chatId, is_bot: false, first_name: 'Maria', last_name: 'Cliente', username: 'maria_cliente' },
      ...message,
    },
  });
  const deliver = (payload: unknown) => deliverUpdate(t, webhook.url, payload, webhook.secret);
  const ticketsOf = async () => (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets as Json[];
  const ticketOf = async (chatId: number) => {
    await expect.poll(async () => (await ticketsOf()).some((row) => row.contact.number === String(chatId))).toBe(true);
    return (await ticketsOf()).find((row) => row.contact.number === String(chatId)) as Json;
  };
  const messagesOf = async (ticketId: number) => (await t.request('GET', `/messages/${ticketId}`, { token: a.adminSession.token })).body.messages as Json[];
  const openTicketFor = async (chatId: number) => {
    expect((await deliver(update(chatId, { text: 'oi' }))).status).toBe(200);
    const ticket = await ticketOf(chatId);
    await a.put(a.adminSession.token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    return ticket.id as number;
  };
  return { a, bot, connection: created.body, webhook, update, deliver, ticketsOf, ticketOf, messagesOf, openTicketFor };
};

describe('Telegram channel (issue 41 point 3)', () => {
  it('connects a bot checked with getMe, sets its webhook with a secret, and never shows or stores its token in clear (issue 41 point 3)', async () => {
    const { a, bot, connection, webhook } = await telegramCompany();
    expect(connection).toMatchObject({ channel: 'telegram', status: 'CONNECTED', number: bot.username, name: 'Telegram bot' });
    expect(webhook).toEqual({ url: `${PUBLIC_URL}/webhooks/telegram/${bot.id}`, secret: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/), allowedUpdates: ['message', 'edited_message'] });
    const listed = await t.request('GET', '/whatsapp?session=0', { token: a.adminSession.token });
    expect(listed.body.map((row: { channel: string }) => row.channel).sort()).toEqual(['sandbox', 'telegram']);
    expect(JSON.stringify(listed.body)).not.toContain(bot.token.split(':')[1]);
    const [stored] = await t.db.select().from(connections).where(eq(connections.id, connection.id));
    expect(JSON.stringify(stored.channelConfig)).not.toContain(bot.token.split(':')[1]);
    expect(JSON.stringify(stored.channelConfig)).not.toContain(webhook.secret);

    const revoked = await t.request('POST', '/telegram/connections', { token: a.adminSession.token, body: { name: 'Unknown', botToken: `123456:${'y'.repeat(35)}` } });
    expect(revoked).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    const malformed = await t.request('POST', '/telegram/connections', { token: a.adminSession.token, body: { name: 'Typo', botToken: 'not a token' } });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    // one bot belongs to one company, and the other company's webhook is left as it was
    const other = await setupAttendance(t);
    const taken = await t.request('POST', '/telegram/connections', { token: other.adminSession.token, body: { name: 'Same bot', botToken: bot.token } });
    expect(taken).toMatchObject({ status: 409, body: { error: 'ERR_CONNECTION_IN_USE' } });
    expect(telegram.webhookOf(bot.token)).toEqual(webhook);
  });

  it('a Bot API refusal or outage while connecting is a clear 400, never a 5xx; a refused webhook leaves the connection disconnected (issue 41 point 3)', async () => {
    const a = await setupAttendance(t);
    const bot = telegram.addBot('refused_webhook_bot');
    telegram.failNext('setWebhook', telegramErrors.badWebhook);
    const refused = await t.request('POST', '/telegram/connections', { token: a.adminSession.token, body: { name: 'Refused', botToken: bot.token } });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_SENDING_WAPP_MSG' } });
    const [shown] = (await t.request('GET', '/whatsapp?channel=telegram', { token: a.adminSession.token })).body;
    expect(shown).toMatchObject({ channel: 'telegram', status: 'DISCONNECTED' });

    telegram.failNext('getMe', { status: 502, description: 'Bad Gateway' });
    const outage = await t.request('POST', '/telegram/connections', { token: a.adminSession.token, body: { name: 'Refused', botToken: bot.token } });
    expect(outage).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_UNREACHABLE' } });
    // connecting again once Telegram takes the webhook brings the same connection back
    const again = await t.request('POST', '/telegram/connections', { token: a.adminSession.token, body: { name: 'Refused', botToken: bot.token } });
    expect(again).toMatchObject({ status: 201, body: { id: shown.id, status: 'CONNECTED' } });
  });

  it('without PUBLIC_URL a bot is refused with ERR_PUBLIC_URL_MISSING before Telegram is called (issue 41 point 3)', async () => {
    const local = await startTestApp({ telegram: { apiUrl: telegram.apiUrl }, publicUrl: undefined });
    try {
      const a = await setupAttendance(local);
      const bot = telegram.addBot('no_public_url_bot');
      const refused = await local.request('POST', '/telegram/connections', { token: a.adminSession.token, body: { name: 'Local', botToken: bot.token } });
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_PUBLIC_URL_MISSING' } });
      expect(telegram.callsOf(bot.token)).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it('refuses a delivery without the secret token, with a wrong one, or for an unknown bot, and stores nothing (issue 41 Bad input)', async () => {
    const { bot, webhook, update, ticketsOf } = await telegramCompany();
    const payload = update(5001, { text: 'intruso' });
    expect((await deliverUpdate(t, webhook.url, payload, null)).status).toBe(401);
    expect((await deliverUpdate(t, webhook.url, payload, '')).status).toBe(401);
    expect((await deliverUpdate(t, webhook.url, payload, 'not-the-secret')).status).toBe(403);
    expect((await deliverUpdate(t, webhook.url, payload, `${webhook.secret}x`)).status).toBe(403);
    expect((await deliverUpdate(t, `${PUBLIC_URL}/webhooks/telegram/${bot.id + 1}`, payload, webhook.secret)).status).toBe(403);
    expect((await deliverUpdate(t, webhook.url, { update_id: 'x', message: 'no' }, webhook.secret)).status).toBe(400);
    expect(await ticketsOf()).toEqual([]);
  });

  it('stores text, the largest photo, a document, a voice note, an audio, a video, a location and a contact card; a delivery made twice is stored once (issue 41 point 3)', async () => {
    const { a, update, deliver, ticketOf, messagesOf } = await telegramCompany();
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0088cc' } }).jpeg().toBuffer();
    telegram.addFile('photo-large', photo, 'photos/file_1.jpg');
    telegram.addFile('doc-1', Buffer.from('pedido 123\nobrigada\n'), 'documents/file_2.txt');
    telegram.addFile('voice-1', await voiceRecording('opus'), 'voice/file_3.oga');
    telegram.addFile('audio-1', await voiceRecording('mp3'), 'music/file_4.mp3');
    telegram.addFile('video-1', await videoClip(), 'videos/file_5.mp4');
    const chatId = 880_001;
    const text = update(chatId, { text: 'Olá, preciso de ajuda' });
    const sent = [
      text,
      update(chatId, { caption: 'a foto', photo: [{ file_id: 'photo-small', file_size: 100, width: 2, height: 2 }, { file_id: 'photo-large', file_size: photo.length, width: 8, height: 8 }] }),
      update(chatId, { document: { file_id: 'doc-1', file_name: 'pedido.txt', mime_type: 'text/plain' } }),
      update(chatId, { voice: { file_id: 'voice-1', duration: 1, mime_type: 'audio/ogg' } }),
      update(chatId, { audio: { file_id: 'audio-1', duration: 1, file_name: 'musica.mp3', mime_type: 'audio/mpeg' } }),
      update(chatId, { video: { file_id: 'video-1', duration: 1, mime_type: 'video/mp4' }, caption: 'o vídeo' }),
      update(chatId, { location: { latitude: -23.5, longitude: -46.6 }, venue: { title: 'Loja', address: 'Rua A, 1' } }),
      update(chatId, { contact: { phone_number: '+55 11 98888-7777', first_name: 'João', last_name: 'Silva' } }),
    ];
    for (const payload of sent) expect(await deliver(payload)).toEqual({ status: 200, body: '{"ok":true}' });
    // Telegram delivers again what it thinks was not answered: same update, or a new update id
    expect((await deliver(text)).status).toBe(200);
    expect((await deliver({ ...text, update_id: 9999 })).status).toBe(200);
    const ticket = await ticketOf(chatId);
    await expect.poll(async () => (await messagesOf(ticket.id)).length).toBe(8);
    const messages = await messagesOf(ticket.id);
    expect(messages.map((message) => message.mediaType)).toEqual(['chat', 'image', 'application', 'audio', 'audio', 'video', 'locationMessage', 'contactMessage']);
    const [first, image, document, voice, audio, video, location, card] = messages;
    expect(first.body).toBe('Olá, preciso de ajuda');
    expect(image.body).toBe('a foto');
    const served = await fetch(t.url + image.mediaUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    expect(telegram.calls.filter((call) => call.method === 'getFile').map((call) => call.params.file_id)).not.toContain('photo-small');
    expect(document).toMatchObject({ body: 'pedido.txt', mediaUrl: expect.stringMatching(/\.txt$/) });
    for (const media of [voice, audio, video]) expect(media.mediaUrl).toMatch(/^\/public\/company\d+\/media\//);
    expect(video.body).toBe('o vídeo');
    expect(location.body).toBe('Loja\nRua A, 1\nhttps://maps.google.com/maps?q=-23.5%2C-46.6');
    expect(card).toMatchObject({ body: 'João Silva', vCard: expect.stringContaining('waid=5511988887777') });

    // the contact: the chat id, named from first and last name, the @username kept as extra info
    expect(ticket.contact).toMatchObject({ number: String(chatId), name: 'Maria Cliente' });
    const contact = await t.request('GET', `/contacts/${ticket.contact.id}`, { token: a.adminSession.token });
    expect(contact.body.extraInfo).toMatchObject([{ name: 'Telegram', value: '@maria_cliente' }]);
  });

  it("an edited message changes the stored one; groups and unknown kinds are ignored (issue 41 point 3)", async () => {
    const { update, deliver, ticketOf, ticketsOf, messagesOf } = await telegramCompany();
    const chatId = 880_002;
    const original = update(chatId, { text: 'pedido 12' });
    expect((await deliver(original)).status).toBe(200);
    const ticket = await ticketOf(chatId);
    const edited = { update_id: 500, edited_message: { ...(original.message as Record<string, unknown>), text: 'pedido 13', edit_date: 1_700_000_100 } };
    expect((await deliver(edited)).status).toBe(200);
    await expect.poll(async () => (await messagesOf(ticket.id))[0]).toMatchObject({ body: 'pedido 13', isEdited: true });
    const inGroup = { update_id: 501, message: { message_id: 77, chat: { id: -100_123, type: 'supergroup' }, from: { id: 1, first_name: 'X' }, text: 'no grupo' } };
    expect((await deliver(inGroup)).status).toBe(200);
    expect((await deliver(update(chatId, { dice: { emoji: '🎲', value: 3 } }))).status).toBe(200);
    const marker = update(chatId, { text: 'depois' });
    expect((await deliver(marker)).status).toBe(200);
    await expect.poll(async () => (await messagesOf(ticket.id)).map((message) => message.body)).toEqual(['pedido 13', 'depois']);
    expect((await ticketsOf()).map((row) => row.contact.number)).toEqual([String(chatId)]);
  });

  it("sends an attendant's text, photo, document and voice note through the Bot API, replies quoting the customer's message (issue 41 point 3)", async () => {
    const { a, bot, openTicketFor, messagesOf } = await telegramCompany();
    const chatId = 880_003;
    const ticketId = await openTicketFor(chatId);
    const [customer] = await messagesOf(ticketId);
    const posted = await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'Bom dia!', quotedMsg: { id: customer.id } } });
    expect(posted.status).toBe(201);
    await expect.poll(() => telegram.callsOf(bot.token, 'sendMessage').length).toBe(1);
    expect(telegram.callsOf(bot.token, 'sendMessage')[0].params).toMatchObject({ chat_id: String(chatId), text: 'Bom dia!', reply_parameters: { message_id: expect.any(Number) } });

    const photo = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    const sendFile = async (body: string, data: Buffer, type: string, name: string) => {
      const form = new FormData();
      form.set('body', body);
      form.set('medias', new Blob([new Uint8Array(data)], { type }), name);
      expect((await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, rawBody: form })).status).toBe(201);
    };
    await sendFile('segue a foto', photo, 'image/jpeg', 'foto.jpg');
    await expect.poll(() => telegram.callsOf(bot.token, 'sendPhoto').length).toBe(1);
    expect(telegram.callsOf(bot.token, 'sendPhoto')[0]).toMatchObject({ params: { chat_id: String(chatId), caption: 'segue a foto' }, file: { field: 'photo', size: photo.length } });
    await sendFile('recibo.txt', Buffer.from('recibo 123\n'), 'text/plain', 'recibo.txt');
    await expect.poll(() => telegram.callsOf(bot.token, 'sendDocument').length).toBe(1);
    expect(telegram.callsOf(bot.token, 'sendDocument')[0].file).toMatchObject({ field: 'document', name: 'recibo.txt' });
    expect(telegram.callsOf(bot.token, 'sendDocument')[0].params.caption).toBeUndefined();
    const voice = await voiceRecording('mp3');
    await sendFile('', voice, 'audio/mpeg', 'audio-record-1.mp3');
    await expect.poll(() => telegram.callsOf(bot.token, 'sendVoice').length).toBe(1);
    expect(telegram.callsOf(bot.token, 'sendVoice')[0].file).toMatchObject({ field: 'voice', size: voice.length });

    // each sent message keeps Telegram's id and shows as sent
    await expect.poll(async () => (await messagesOf(ticketId)).filter((message) => message.fromMe).map((message) => message.ack)).toEqual([1, 1, 1, 1]);
  });

  it('a forwarded location goes out with sendLocation and a contact card with sendContact (issue 41 point 3)', async () => {
    const { a, bot, update, deliver, ticketOf, openTicketFor, messagesOf } = await telegramCompany();
    const ticketId = await openTicketFor(880_006);
    expect((await deliver(update(880_006, { location: { latitude: -23.5, longitude: -46.6 } }))).status).toBe(200);
    await expect.poll(async () => (await messagesOf(ticketId)).map((message) => message.mediaType)).toEqual(['chat', 'locationMessage']);
    const location = (await messagesOf(ticketId))[1];
    expect((await deliver(update(880_007, { text: 'oi' }))).status).toBe(200);
    const other = await ticketOf(880_007);
    const forwarded = await t.request('POST', '/message/forward', { token: a.adminSession.token, body: { messageId: location.id, contactId: other.contact.id } });
    expect(forwarded.status).toBe(200);
    await expect.poll(() => telegram.callsOf(bot.token, 'sendLocation').length).toBe(1);
    expect(telegram.callsOf(bot.token, 'sendLocation')[0].params).toEqual({ chat_id: '880007', latitude: -23.5, longitude: -46.6 });

    const card = await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: '', vCard: { name: 'João Silva', number: '5511988887777' } } });
    expect(card.status).toBe(201);
    await expect.poll(() => telegram.callsOf(bot.token, 'sendContact').length).toBe(1);
    expect(telegram.callsOf(bot.token, 'sendContact')[0].params).toMatchObject({ chat_id: '880006', first_name: 'João Silva', phone_number: expect.stringContaining('5511988887777') });
  });

  it('edits and deletes a sent message with editMessageText and deleteMessage (issue 41 point 3)', async () => {
    const { a, bot, openTicketFor, messagesOf } = await telegramCompany();
    const ticketId = await openTicketFor(880_004);
    await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'valor: 10' } });
    const ours = async () => (await messagesOf(ticketId)).find((message) => message.fromMe);
    await expect.poll(async () => (await ours())?.ack).toBe(1);
    const sentId = (await ours())?.id;
    expect((await t.request('POST', `/messages/edit/${sentId}`, { token: a.adminSession.token, body: { body: 'valor: 12' } })).status).toBe(200);
    await expect.poll(() => telegram.callsOf(bot.token, 'editMessageText').length).toBe(1);
    expect(telegram.callsOf(bot.token, 'editMessageText')[0].params).toMatchObject({ chat_id: '880004', text: 'valor: 12' });
    expect((await t.request('DELETE', `/message/${sentId}`, { token: a.adminSession.token })).status).toBe(200);
    await expect.poll(() => telegram.callsOf(bot.token, 'deleteMessage').length).toBe(1);
  });

  it('waits out a 429 for its retry_after; a customer who blocked the bot marks the message; a revoked token the connection (issue 41 point 3)', async () => {
    const { a, bot, connection, openTicketFor, messagesOf } = await telegramCompany();
    const chatId = 880_005;
    const ticketId = await openTicketFor(chatId);
    const ours = async () => (await messagesOf(ticketId)).filter((message) => message.fromMe);
    telegram.failNext('sendMessage', telegramErrors.rateLimit(1));
    await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'chega já' } });
    await expect.poll(async () => (await ours())[0]?.ack, { timeout: 15_000, interval: 250 }).toBe(1);
    expect(telegram.callsOf(bot.token, 'sendMessage')).toHaveLength(2);
    expect((await ours())[0].sendError).toBeNull();

    telegram.blockChat(String(chatId));
    await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'bloqueado' } });
    await expect.poll(async () => (await ours())[1]?.sendError).toBe('ERR_CONTACT_UNREACHABLE');

    telegram.revokeBot(bot.token);
    await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: 'sem token' } });
    await expect.poll(async () => (await ours())[2]?.sendError).toBe('ERR_INVALID_CREDENTIALS');
    const shown = await t.request('GET', `/whatsapp/${connection.id}`, { token: a.adminSession.token });
    expect(shown.body.status).toBe('DISCONNECTED');
  });

  it('deleting the connection removes the bot webhook (issue 41 point 3)', async () => {
    const { a, bot, connection } = await telegramCompany();
    expect((await t.request('DELETE', `/whatsapp/${connection.id}`, { token: a.adminSession.token })).status).toBe(204);
    expect(telegram.callsOf(bot.token, 'deleteWebhook')).toHaveLength(1);
    expect(telegram.webhookOf(bot.token)).toBeUndefined();
  });

  it('a campaign cannot use a telegram connection: a bot writes only to chats that wrote first (issue 41 point 4)', async () => {
    const { a, connection } = await telegramCompany();
    const refused = await t.request('POST', '/campaigns', { token: a.adminSession.token, body: { name: 'Promo', message1: 'oferta', whatsappId: connection.id } });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.whatsappId', message: 'validation.channelWithoutCampaigns' }] } });
  });
});
