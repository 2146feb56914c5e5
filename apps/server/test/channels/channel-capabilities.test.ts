// Issue 41 point 4: every surface treats the web chat, email and Telegram channels like the others,
// and what a channel cannot do is refused by the server with a clear error (channel-capabilities.ts,
// docs/channels.md). Telegram speaks to a fake Bot API on loopback, the web chat through its widget
// routes; an email connection is a row, as only its token is used before the outbound job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionChannel } from '@atende/shared/connections';
import { connections, contacts } from '../../src/db/schema.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { deliverUpdate, startFakeTelegram, type FakeTelegram } from '../helpers/fake-telegram.ts';
import type { Json } from '../helpers/json.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/webhook-receiver.ts';

const SITE = 'https://shop.example';

let t: TestApp;
let telegram: FakeTelegram;
let receiver: WebhookReceiver;
beforeAll(async () => {
  telegram = await startFakeTelegram();
  receiver = await startWebhookReceiver();
  t = await startTestApp({ telegram: { apiUrl: telegram.apiUrl }, publicUrl: 'https://atende.example' });
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
  await receiver?.close();
});

type Attendance = Awaited<ReturnType<typeof setupAttendance>>;

const connectionRow = async (a: Attendance, channel: ConnectionChannel) => {
  const [row] = await t.db.insert(connections).values({ companyId: a.company.id, name: `Conexão ${channel}`, channel, status: 'CONNECTED' }).returning();
  return row;
};

const externalSend = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/messages/send', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: JSON.stringify(body) });

const fieldError = (path: string, message: string) => ({ error: 'ERR_VALIDATION', fields: [{ path, message }] });

let bots = 0;
const telegramConnection = async (a: Attendance) => {
  const bot = telegram.addBot(`capabilities_${bots++}_bot`);
  const created = await t.request('POST', '/telegram/connections', { token: a.adminSession.token, body: { name: 'Telegram bot', botToken: bot.token } });
  if (created.status !== 201) throw new Error(`telegram connection: ${JSON.stringify(created.body)}`);
  const webhook = telegram.webhookOf(bot.token);
  if (!webhook) throw new Error('no webhook set');
  let ids = 1;
  // a customer writes to the bot from their private chat
  const customerWrites = async (chatId: number, text: string) => {
    const update = { update_id: ids, message: { message_id: ids++, date: 1_700_000_000, chat: { id: chatId, type: 'private' }, from: { id: chatId, first_name: 'Maria' }, text } };
    expect((await deliverUpdate(t, webhook.url, update, webhook.secret)).status).toBe(200);
  };
  const ticketOf = async (chatId: number) => {
    let found: Json | undefined;
    await expect
      .poll(async () => {
        const rows = (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets as Json[];
        found = rows.find((row) => row.contact.number === String(chatId));
        return found !== undefined;
      })
      .toBe(true);
    return found as Json;
  };
  return { bot, connection: created.body as { id: number; token: string; name: string }, customerWrites, ticketOf };
};

const webchatVisitorWrites = async (a: Attendance, text: string) => {
  const created = await t.request('POST', '/webchat/connections', { token: a.adminSession.token, body: { name: 'Site', allowedOrigins: [SITE], color: '#ff5500', greeting: 'Olá!', preChatForm: false } });
  if (created.status !== 201) throw new Error(`webchat connection: ${JSON.stringify(created.body)}`);
  const publicId = created.body.number as string;
  const started = await t.request('POST', `/webchat/${publicId}/visitors`, { body: {}, headers: { origin: SITE } });
  expect(started.status).toBe(201);
  const visitor = started.body.visitorToken as string;
  expect((await t.request('POST', `/webchat/${publicId}/messages`, { body: { text }, headers: { origin: SITE, 'x-webchat-visitor': visitor } })).status).toBe(201);
  let contact: Json | undefined;
  await expect
    .poll(async () => {
      const rows = (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets as Json[];
      contact = rows.find((row) => row.channel === 'webchat')?.contact;
      return contact !== undefined;
    })
    .toBe(true);
  return { connection: created.body as { id: number; token: string }, contact: contact as Json };
};

const tokenOf = async (a: Attendance, connectionId: number) => (await t.request('GET', `/whatsapp/${connectionId}`, { token: a.adminSession.token })).body.token as string;

describe('what each channel can do (issue 41 point 4)', () => {
  it('campaigns: refused on Telegram, web chat, email, Facebook and Instagram connections with a field error, accepted on WhatsApp-like ones', async () => {
    const a = await setupAttendance(t);
    for (const channel of ['telegram', 'webchat', 'email', 'facebook', 'instagram'] as const) {
      const connection = await connectionRow(a, channel);
      const refused = await t.request('POST', '/campaigns', { token: a.adminSession.token, body: { name: `Promo ${channel}`, message1: 'oferta', whatsappId: connection.id } });
      expect({ channel, status: refused.status, body: refused.body }).toEqual({ channel, status: 400, body: fieldError('body.whatsappId', 'validation.channelWithoutCampaigns') });
    }
    const accepted = await t.request('POST', '/campaigns', { token: a.adminSession.token, body: { name: 'Promo', message1: 'oferta', whatsappId: a.connection.id } });
    expect(accepted.status).toBe(201);
    expect((await t.request('GET', '/campaigns/', { token: a.adminSession.token })).body.records).toHaveLength(1);
  });

  it('schedules: a web chat visitor or a web chat connection is refused, so is a Telegram chat through a phone connection and a WhatsApp number through a Telegram bot, and nothing is stored; a Telegram contact is scheduled on its bot', async () => {
    const a = await setupAttendance(t);
    const { contact: visitor, connection: widget } = await webchatVisitorWrites(a, 'Olá do site');
    const sendAt = '2999-03-03T12:00:00Z';
    const toVisitor = await t.request('POST', '/schedules', { token: a.adminSession.token, body: { contactId: visitor.id, body: 'Lembrete', sendAt } });
    expect(toVisitor).toMatchObject({ status: 400, body: fieldError('body.contactId', 'validation.channelWithoutSchedules') });

    const { customerWrites, ticketOf, connection: bot } = await telegramConnection(a);
    await customerWrites(5151, 'oi');
    const telegramContact = (await ticketOf(5151)).contact as Json;
    const throughWidget = await t.request('POST', '/schedules', { token: a.adminSession.token, body: { contactId: telegramContact.id, body: 'Lembrete', sendAt, whatsappId: widget.id } });
    expect(throughWidget).toMatchObject({ status: 400, body: fieldError('body.whatsappId', 'validation.channelWithoutSchedules') });
    const throughWhatsapp = await t.request('POST', '/schedules', { token: a.adminSession.token, body: { contactId: telegramContact.id, body: 'Lembrete', sendAt, whatsappId: a.connection.id } });
    expect(throughWhatsapp).toMatchObject({ status: 400, body: fieldError('body.whatsappId', 'validation.contactNotOnChannel') });
    // a WhatsApp number is digits too, but no Telegram chat: the bot cannot reach it
    const [phone] = await t.db.insert(contacts).values({ companyId: a.company.id, name: 'Cliente WhatsApp', number: '5511987650002', channel: 'whatsapp', whatsappId: a.connection.id }).returning();
    const phoneThroughBot = await t.request('POST', '/schedules', { token: a.adminSession.token, body: { contactId: phone.id, body: 'Lembrete', sendAt, whatsappId: bot.id } });
    expect(phoneThroughBot).toMatchObject({ status: 400, body: fieldError('body.whatsappId', 'validation.contactNotOnChannel') });
    expect((await t.request('GET', '/schedules', { token: a.adminSession.token })).body.count).toBe(0);

    const scheduled = await t.request('POST', '/schedules', { token: a.adminSession.token, body: { contactId: telegramContact.id, body: 'Lembrete', sendAt, whatsappId: bot.id } });
    expect(scheduled.status).toBe(201);
  });

  it('a ticket opened by hand refuses a connection that cannot reach the contact (an email address through WhatsApp) and opens on the email connection', async () => {
    const a = await setupAttendance(t);
    const email = await connectionRow(a, 'email');
    // as the email channel stores a sender (the contacts form takes phone numbers only)
    const [contact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: 'Cliente Email', number: 'cliente@example.com', channel: 'email', whatsappId: email.id }).returning();
    const throughWhatsapp = await t.request('POST', '/tickets', { token: a.adminSession.token, body: { contactId: contact.id, queueId: a.queues[0].id, whatsappId: a.connection.id, status: 'open', userId: a.admin.id } });
    expect(throughWhatsapp).toMatchObject({ status: 400, body: fieldError('body.whatsappId', 'validation.contactNotOnChannel') });
    const byEmail = await t.request('POST', '/tickets', { token: a.adminSession.token, body: { contactId: contact.id, queueId: a.queues[0].id, whatsappId: email.id, status: 'open', userId: a.admin.id } });
    expect(byEmail).toMatchObject({ status: 201, body: { channel: 'email', whatsappId: email.id } });
  });

  it('a ticket opened by hand without a connection goes to the default one when it reaches the contact, else to the contact’s own connection (an email customer of a company whose default is WhatsApp)', async () => {
    const a = await setupAttendance(t);
    const email = await connectionRow(a, 'email');
    const [mailContact] = await t.db.insert(contacts).values({ companyId: a.company.id, name: 'Cliente Email', number: 'outro@example.com', channel: 'email', whatsappId: email.id }).returning();
    const [phone] = await t.db.insert(contacts).values({ companyId: a.company.id, name: 'Cliente Fone', number: '5511987650003', channel: 'whatsapp', whatsappId: email.id }).returning();
    const byDefault = await t.request('POST', '/tickets', { token: a.adminSession.token, body: { contactId: phone.id, queueId: a.queues[0].id, status: 'open', userId: a.admin.id } });
    expect(byDefault).toMatchObject({ status: 201, body: { whatsappId: a.connection.id } });
    const byOwn = await t.request('POST', '/tickets', { token: a.adminSession.token, body: { contactId: mailContact.id, queueId: a.queues[0].id, status: 'open', userId: a.admin.id } });
    expect(byOwn).toMatchObject({ status: 201, body: { channel: 'email', whatsappId: email.id } });
  });

  it('a ticket opened by hand refuses a WhatsApp number through a Telegram bot and a web chat visitor through another widget (the rule the new ticket dialog filters by)', async () => {
    const a = await setupAttendance(t);
    const bot = await connectionRow(a, 'telegram');
    const [phone] = await t.db.insert(contacts).values({ companyId: a.company.id, name: 'Cliente WhatsApp', number: '5511987650001', channel: 'whatsapp', whatsappId: a.connection.id }).returning();
    const throughBot = await t.request('POST', '/tickets', { token: a.adminSession.token, body: { contactId: phone.id, queueId: a.queues[0].id, whatsappId: bot.id, status: 'open', userId: a.admin.id } });
    expect(throughBot).toMatchObject({ status: 400, body: fieldError('body.whatsappId', 'validation.contactNotOnChannel') });

    const { contact: visitor } = await webchatVisitorWrites(a, 'Oi do site');
    const otherWidget = await connectionRow(a, 'webchat');
    const throughOtherWidget = await t.request('POST', '/tickets', { token: a.adminSession.token, body: { contactId: visitor.id, queueId: a.queues[0].id, whatsappId: otherWidget.id, status: 'open', userId: a.admin.id } });
    expect(throughOtherWidget).toMatchObject({ status: 400, body: fieldError('body.whatsappId', 'validation.contactNotOnChannel') });
  });

  it('external API on Telegram: answers a chat that wrote to the bot through sendMessage; a chat that never wrote is refused (a bot cannot write first)', async () => {
    const a = await setupAttendance(t);
    const { bot, connection, customerWrites, ticketOf } = await telegramConnection(a);
    await customerWrites(4242, 'quero o boleto');
    const ticket = await ticketOf(4242);
    const token = await tokenOf(a, connection.id);

    const answered = await externalSend(token, { number: '4242', body: 'Segue o boleto' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().ticketId).toBe(ticket.id);
    await expect.poll(() => telegram.callsOf(bot.token, 'sendMessage').map((call) => [String(call.params.chat_id), call.params.text])).toContainEqual(['4242', 'Segue o boleto']);

    const stranger = await externalSend(token, { number: '98765432', body: 'Oferta' });
    expect(stranger).toMatchObject({ statusCode: 400 });
    expect(stranger.json()).toEqual(fieldError('body.number', 'validation.channelCannotWriteFirst'));
    const contacts = (await t.request('GET', '/contacts?searchParam=98765432', { token: a.adminSession.token })).body.contacts;
    expect(contacts).toEqual([]);
  });

  it('external API on the web chat: a visitor who wrote gets the reply on their ticket; an unknown number is refused', async () => {
    const a = await setupAttendance(t);
    const { connection, contact } = await webchatVisitorWrites(a, 'Alguém aí?');
    const token = await tokenOf(a, connection.id);
    const replied = await externalSend(token, { number: contact.number, body: 'Sim, pode falar' });
    expect(replied.statusCode).toBe(200);
    const messages = (await t.request('GET', `/messages/${replied.json().ticketId}`, { token: a.adminSession.token })).body.messages as Json[];
    expect(messages.map((message) => [message.body, message.fromMe])).toEqual([
      ['Alguém aí?', false],
      ['Sim, pode falar', true],
    ]);
    const unknown = await externalSend(token, { number: '123456789012', body: 'Oi' });
    expect(unknown.json()).toEqual(fieldError('body.number', 'validation.channelCannotWriteFirst'));
  });

  it('external API on email: writes first to an address (kept in lower case) on an email ticket; digits are refused there and an address on a phone channel', async () => {
    const a = await setupAttendance(t);
    const email = await connectionRow(a, 'email');
    const sent = await externalSend(email.token, { number: 'Cliente@Example.com', body: 'Sua fatura', userId: a.admin.id });
    expect(sent.statusCode).toBe(200);
    const ticket = await a.ticket(a.adminSession.token, sent.json().ticketId);
    expect(ticket).toMatchObject({ channel: 'email', whatsappId: email.id, contact: { number: 'cliente@example.com' } });

    expect((await externalSend(email.token, { number: '5511955550001', body: 'Oi' })).json()).toEqual(fieldError('body.number', 'validation.emailAddressNumber'));
    const phoneToken = await tokenOf(a, a.connection.id);
    expect((await externalSend(phoneToken, { number: 'cliente@example.com', body: 'Oi' })).json()).toEqual(fieldError('body.number', 'validation.digitsOnlyNumber'));

    // a sent email cannot be changed: the edit is refused before anything is stored
    const [messageId] = sent.json().messageIds as number[];
    const edited = await t.request('POST', `/messages/edit/${messageId}`, { token: a.adminSession.token, body: { body: 'Sua fatura corrigida' } });
    expect(edited).toMatchObject({ status: 400, body: fieldError('body.body', 'validation.channelCannotEdit') });
    const messages = (await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).body.messages as Json[];
    expect(messages.map((message) => [message.body, message.isEdited])).toEqual([['Sua fatura', false]]);
  });

  it('a template is refused on a Telegram ticket (templates are the Cloud API\'s)', async () => {
    const a = await setupAttendance(t);
    const { customerWrites, ticketOf } = await telegramConnection(a);
    await customerWrites(6161, 'oi');
    const ticket = await ticketOf(6161);
    await a.put(a.adminSession.token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const refused = await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, body: { body: '', template: { name: 'boleto', language: 'pt_BR' } } });
    expect(refused).toMatchObject({ status: 400, body: fieldError('body.template', 'validation.templateNeedsCloudApi') });
  });
});

describe('the new channels on the dashboard, the report and the webhooks (issue 41 point 4)', () => {
  it('a Telegram ticket is counted by the dashboard, listed by the report with its connection, and its webhook events carry the telegram channel', async () => {
    const a = await setupAttendance(t);
    await receiver.subscribe(t, a.adminSession.token, ['ticket.created', 'connection.status']);
    const { connection, customerWrites, ticketOf } = await telegramConnection(a);
    await customerWrites(7171, 'preciso de ajuda');
    const ticket = await ticketOf(7171);
    expect(ticket).toMatchObject({ channel: 'telegram', whatsapp: { channel: 'telegram' } });

    await expect.poll(() => receiver.events().find((body) => body.companyId === a.company.id && body.event === 'ticket.created')?.data).toMatchObject({
      ticket: { id: ticket.id, channel: 'telegram', whatsapp: { id: connection.id, channel: 'telegram' } },
    });

    const dashboard = await t.request('GET', '/dashboard', { token: a.adminSession.token });
    expect(dashboard.body.counters).toMatchObject({ supportPending: 1 });

    const report = await t.request('GET', `/ticketreport/reports?whatsappId=${encodeURIComponent(JSON.stringify([connection.id]))}`, { token: a.adminSession.token });
    expect(report.body).toMatchObject({ totalTickets: { total: 1 }, tickets: [{ id: ticket.id, whatsappName: 'Telegram bot', status: 'pending' }] });
  });
});
