import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema.ts';
import { createContact } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { outboundJobsOf } from '../helpers/jobs.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const openTicket = async () => {
  const a = await setupAttendance(t);
  const { ticketId } = await a.inbound('5511922220000', 'oi');
  await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
  const send = (body: Record<string, unknown>, token = a.adminSession.token) => t.request('POST', `/messages/${ticketId}`, { token, body });
  return { a, ticketId, send, token: a.adminSession.token };
};

describe('messages (01-core §4 Messages, §7)', () => {
  it('pages newest first, 20 a page, each page oldest to newest, with hasMore', async () => {
    const { ticketId, send, token } = await openTicket();
    for (let i = 1; i <= 24; i++) await send({ body: `m${i}` });
    const first = await t.request('GET', `/messages/${ticketId}?pageNumber=1`, { token });
    expect(first.body.hasMore).toBe(true);
    expect(first.body.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    const second = await t.request('GET', `/messages/${ticketId}?pageNumber=2`, { token });
    expect(second.body.hasMore).toBe(false);
    expect(second.body.messages.map((m: { body: string }) => m.body)).toEqual(['oi', 'm1', 'm2', 'm3', 'm4']);
  });

  it('refuses empty or whitespace-only bodies and messages to a ticket that is not open', async () => {
    const { a, send } = await openTicket();
    expect(await send({ body: '   ' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const { ticketId: pending } = await a.inbound('5511922220099', 'oi');
    const answer = await t.request('POST', `/messages/${pending}`, { token: a.adminSession.token, body: { body: 'olá' } });
    expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_TICKET_NOT_OPEN' } });
  });

  it('private messages are stored and shown but never handed to the channel', async () => {
    const { ticketId, send, token } = await openTicket();
    const privateNote = await send({ body: 'só para a equipe', isPrivate: true });
    expect(privateNote.body[0]).toMatchObject({ isPrivate: true, fromMe: true, ack: 0 });
    expect(await outboundJobsOf(t.db, privateNote.body[0].id)).toEqual([]);
    const page = await t.request('GET', `/messages/${ticketId}`, { token });
    expect(page.body.messages.at(-1)).toMatchObject({ body: 'só para a equipe', isPrivate: true });
  });

  it('sends through the channel and raises acks, never lowering them', async () => {
    const { a, ticketId, send, token } = await openTicket();
    const sent = await send({ body: 'resposta' });
    const id = sent.body[0].id;
    const stored = async () => (await t.db.select().from(messages).where(eq(messages.id, id)))[0];
    await expect.poll(async () => (await stored()).ack).toBe(1);
    const providerMessageId = (await stored()).providerMessageId;
    const ack = (value: number) =>
      t.request('POST', `/sandbox/${a.connection.id}/acks`, { token, body: { providerMessageId, ack: value } });
    await ack(3);
    await ack(2);
    expect((await stored()).ack).toBe(3);
    const page = await t.request('GET', `/messages/${ticketId}`, { token });
    expect(page.body.messages.at(-1)).toMatchObject({ body: 'resposta', ack: 3 });
  });

  it('replies quote a message of the same ticket only', async () => {
    const { a, ticketId, send, token } = await openTicket();
    const page = await t.request('GET', `/messages/${ticketId}`, { token });
    const incoming = page.body.messages[0];
    const reply = await send({ body: 'respondendo', quotedMsg: { id: incoming.id } });
    expect(reply.body[0]).toMatchObject({ quotedMsgId: incoming.id, quotedMsg: { id: incoming.id, body: 'oi', fromMe: false } });
    const other = await a.inbound('5511922220077', 'outro');
    const otherPage = await t.request('GET', `/messages/${other.ticketId}`, { token });
    const foreignQuote = await send({ body: 'x', quotedMsg: { id: otherPage.body.messages[0].id } });
    expect(foreignQuote.status).toBe(404);
  });

  it('own messages can be edited within 15 minutes only', async () => {
    const { send, token } = await openTicket();
    const sent = await send({ body: 'erro de digitaçao' });
    const id = sent.body[0].id;
    const edited = await t.request('POST', `/messages/edit/${id}`, { token, body: { body: 'erro de digitação' } });
    expect(edited.body).toMatchObject({ body: 'erro de digitação', isEdited: true });
    await t.db.update(messages).set({ createdAt: new Date(Date.now() - 16 * 60_000) }).where(eq(messages.id, id));
    const late = await t.request('POST', `/messages/edit/${id}`, { token, body: { body: 'tarde demais' } });
    expect(late).toMatchObject({ status: 400, body: { error: 'ERR_EDIT_WINDOW_EXPIRED' } });
  });

  it('delete marks isDeleted; with lgpdDeleteMessage the content is erased', async () => {
    const { send, token } = await openTicket();
    const keep = await send({ body: 'apagar mas guardar' });
    expect((await t.request('DELETE', `/messages/${keep.body[0].id}`, { token })).body).toMatchObject({
      isDeleted: true,
      body: 'apagar mas guardar',
    });
    await t.request('PUT', '/companySettings', { token, body: { column: 'lgpdDeleteMessage', data: 'enabled' } });
    const erase = await send({ body: 'dado pessoal' });
    expect((await t.request('DELETE', `/messages/${erase.body[0].id}`, { token })).body).toMatchObject({
      isDeleted: true,
      body: 'Mensagem apagada',
    });
  });

  it('forwards one message to a contact, opening its ticket, marked as forwarded', async () => {
    const { a, send, token } = await openTicket();
    const sent = await send({ body: 'encaminhe isto' });
    const contact = await createContact(t.db, a.company.id);
    const forwarded = await t.request('POST', '/message/forward', { token, body: { messageId: sent.body[0].id, contactId: contact.id } });
    expect(forwarded.body).toMatchObject({ body: 'encaminhe isto', isForwarded: true, fromMe: true });
    const none = await t.request('POST', '/message/forward', { token, body: { contactId: contact.id } });
    expect(none.status).toBe(400);
  });

  it('GET /messages-allMe counts the company messages', async () => {
    const { send, token } = await openTicket();
    await send({ body: 'um' });
    await send({ body: 'dois' });
    const mine = await t.request('GET', '/messages-allMe?fromMe=true', { token });
    expect(mine.body).toEqual({ count: [{ count: 2 }] });
    const all = await t.request('GET', '/messages-allMe', { token });
    expect(all.body.count[0].count).toBe(3);
  });

  it('media by multipart: images kept with caption, typed by content; HTML named .png refused', async () => {
    const { ticketId, token } = await openTicket();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('body', 'foto');
    form.append('medias', new Blob([png]), 'foto.bin');
    const ok = await t.request('POST', `/messages/${ticketId}`, { token, rawBody: form });
    expect(ok.status).toBe(201);
    expect(ok.body[0]).toMatchObject({ mediaType: 'image', body: 'foto' });
    expect(ok.body[0].mediaUrl).toMatch(/^\/public\/company\d+\/media\/[0-9a-f-]{36}\.png$/);
    const evil = new FormData();
    evil.append('medias', new Blob(['<html><script>alert(1)</script></html>']), 'x.png');
    const refused = await t.request('POST', `/messages/${ticketId}`, { token, rawBody: evil });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_FILE' } });
  });

  it('a document keeps the name it was sent with, and the ticket lists it as "📄 name" (issue 35 point 10)', async () => {
    const { a, ticketId, token } = await openTicket();
    const pdf = () => new Blob([`%PDF-1.4\n${'0'.repeat(500)}\n%%EOF\n`]);
    const bare = new FormData();
    bare.append('medias', pdf(), 'contrato.pdf');
    const sent = await t.request('POST', `/messages/${ticketId}`, { token, rawBody: bare });
    expect(sent.status).toBe(201);
    expect(sent.body[0]).toMatchObject({ mediaType: 'application', body: 'contrato.pdf' });
    expect((await a.ticket(token, ticketId)).lastMessage).toBe('📄 contrato.pdf');
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, sent.body[0].id));
    expect(stored.dataJson).toEqual({ fileName: 'contrato.pdf' });

    // with a caption the caption is the text; the name still travels with the file
    const captioned = new FormData();
    captioned.append('body', 'Segue o boleto');
    captioned.append('medias', pdf(), 'boleto.pdf');
    const withCaption = await t.request('POST', `/messages/${ticketId}`, { token, rawBody: captioned });
    expect(withCaption.body[0]).toMatchObject({ mediaType: 'application', body: 'Segue o boleto' });
    expect((await a.ticket(token, ticketId)).lastMessage).toBe('📄 Segue o boleto');
    const [storedCaptioned] = await t.db.select().from(messages).where(eq(messages.id, withCaption.body[0].id));
    expect(storedCaptioned.dataJson).toEqual({ fileName: 'boleto.pdf' });
  });
});

describe('inbound pipeline (01-core §4 Unread handling; ARCHITECTURE §4 no lost or doubled messages)', () => {
  it('the same inbound message delivered twice, even at once, is stored once and counted once', async () => {
    const a = await setupAttendance(t);
    const first = await a.inbound('5511933330000', 'duplicado', 'wamid-1');
    const [again, racing] = await Promise.all([a.inbound('5511933330000', 'duplicado', 'wamid-1'), a.inbound('5511933330000', 'duplicado', 'wamid-1')]);
    expect(again).toMatchObject({ duplicate: true, messageId: first.messageId });
    expect(racing).toMatchObject({ duplicate: true, messageId: first.messageId });
    const ticket = await a.ticket(a.adminSession.token, first.ticketId);
    expect(ticket.unreadMessages).toBe(1);
    const rows = await t.db.select().from(messages).where(eq(messages.ticketId, first.ticketId));
    expect(rows).toHaveLength(1);
  });

  it('concurrent first messages of a new contact open exactly one ticket', async () => {
    const a = await setupAttendance(t);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => a.inbound('5511933330001', `msg ${i}`, `burst-${i}`)));
    expect(new Set(results.map((result) => result.ticketId)).size).toBe(1);
    expect((await a.ticket(a.adminSession.token, results[0].ticketId)).unreadMessages).toBe(5);
  });
});

describe('inbound text the database cannot hold (ARCHITECTURE §4 no lost messages)', () => {
  it('a customer message with NUL characters is stored without them, not refused', async () => {
    const a = await setupAttendance(t);
    const stored = await a.inbound('5511933330002', 'oi\u0000tudo bem');
    const page = await t.request('GET', `/messages/${stored.ticketId}`, { token: a.adminSession.token });
    expect(page.body.messages[0].body).toBe('oitudo bem');
  });
});
