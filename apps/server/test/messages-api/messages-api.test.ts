import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, plans } from '../../src/db/schema.ts';
import { pngDeclaring } from '../factories/image.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Attendance = Awaited<ReturnType<typeof setupAttendance>>;

const tokenOf = async (a: Attendance) => (await t.request('GET', `/whatsapp/${a.connection.id}`, { token: a.adminSession.token })).body.token as string;

const send = (token: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/messages/send',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });

const outboxBodies = async (a: Attendance) =>
  ((await t.request('GET', `/sandbox/${a.connection.id}/outbox`, { token: a.adminSession.token })).body as { body: string }[]).map((m) => m.body);

describe('external messages API: POST /api/messages/send (03-saas §2 /messages-api, §7)', () => {
  it('sends text with the connection token, opening a pending ticket once and reusing it', async () => {
    const a = await setupAttendance(t);
    const token = await tokenOf(a);
    const first = await send(token, { number: '5511955550001', body: 'Seu pedido saiu para entrega' });
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({ message: 'Mensagem enviada', status: 'pending', messageIds: [expect.any(Number)] });
    const second = await send(token, { number: '5511955550001', body: 'Chega hoje' });
    expect(second.json().ticketId).toBe(answer.ticketId);
    await expect.poll(async () => (await outboxBodies(a)).sort()).toEqual(['Chega hoje', 'Seu pedido saiu para entrega']);
    const ticket = await a.ticket(a.adminSession.token, answer.ticketId);
    expect(ticket).toMatchObject({ status: 'pending', contact: { number: '5511955550001' }, whatsappId: a.connection.id });
  });

  it('with userId and sendSignature the ticket opens with that user and the text is signed; closeTicket closes it', async () => {
    const a = await setupAttendance(t);
    const token = await tokenOf(a);
    const agent = await a.attendant([a.queues[0].id], { name: 'Beatriz' });
    const answer = await send(token, {
      number: '5511955550002',
      body: 'Boleto em anexo',
      userId: agent.user.id,
      queueId: a.queues[0].id,
      sendSignature: true,
      closeTicket: true,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe('closed');
    const ticket = await a.ticket(a.adminSession.token, answer.json().ticketId);
    expect(ticket).toMatchObject({ status: 'closed', userId: agent.user.id, queueId: a.queues[0].id });
    await expect.poll(() => outboxBodies(a)).toEqual(['*Beatriz*:\nBoleto em anexo']);
    expect(await a.logTypes(ticket.id)).toEqual(expect.arrayContaining(['create', 'closed']));
  });

  it('multipart: medias with the body as caption, typed by content', async () => {
    const a = await setupAttendance(t);
    const token = await tokenOf(a);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } }).png().toBuffer();
    const form = new FormData();
    form.append('number', '5511955550003');
    form.append('body', 'Comprovante');
    form.append('closeTicket', 'false');
    form.append('medias', new Blob([png]), 'comprovante.png');
    const answer = await fetch(`${t.url}/api/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(answer.status).toBe(200);
    const { ticketId } = (await answer.json()) as { ticketId: number };
    const messages = (await t.request('GET', `/messages/${ticketId}`, { token: a.adminSession.token })).body.messages;
    expect(messages).toMatchObject([{ body: 'Comprovante', mediaType: 'image', fromMe: true }]);
  });

  it('multipart: an image declaring 30000×30000 pixels is refused with ERR_INVALID_IMAGE; no contact, ticket or file is stored (issue 12)', async () => {
    const a = await setupAttendance(t);
    const token = await tokenOf(a);
    const form = new FormData();
    form.append('number', '5511955550009');
    form.append('body', 'Bomba');
    form.append('medias', new Blob([new Uint8Array(pngDeclaring(30_000, 30_000))]), 'foto.png');
    const answer = await fetch(`${t.url}/api/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'ERR_INVALID_IMAGE' });
    const contacts = (await t.request('GET', '/contacts?searchParam=5511955550009', { token: a.adminSession.token })).body.contacts;
    expect(contacts).toEqual([]);
    expect(existsSync(join(t.config.publicDir, `company${a.company.id}`, 'media'))).toBe(false);
  });

  it('refuses a missing or unknown token (401) and a plan without useExternalApi (403), storing nothing', async () => {
    const a = await setupAttendance(t);
    const token = await tokenOf(a);
    // a missing token says so; an unknown one is the spec's expired session (issue 11 point 9)
    const missing = await send(undefined, { number: '5511955550004', body: 'x' });
    expect([missing.statusCode, missing.json()]).toEqual([401, { error: 'ERR_TOKEN_MISSING' }]);
    const unknown = await send('A'.repeat(30), { number: '5511955550004', body: 'x' });
    expect([unknown.statusCode, unknown.json()]).toEqual([401, { error: 'ERR_SESSION_EXPIRED' }]);
    await t.db.update(plans).set({ useExternalApi: false }).where(eq(plans.id, Number(a.company.planId)));
    const refused = await send(token, { number: '5511955550004', body: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    const contacts = (await t.request('GET', '/contacts?searchParam=5511955550004', { token: a.adminSession.token })).body.contacts;
    expect(contacts).toEqual([]);
  });

  it('an overdue company cannot send either: 402 ERR_SUBSCRIPTION_OVERDUE like every other route, storing nothing (01-core §4 Session, 03-saas §7; issue 33 point 3)', async () => {
    const a = await setupAttendance(t);
    const token = await tokenOf(a);
    // the gate reads the real date, as the sign-in's does
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    await t.db.update(companies).set({ dueDate: yesterday }).where(eq(companies.id, a.company.id));
    const refused = await send(token, { number: '5511955550007', body: 'x' });
    expect([refused.statusCode, refused.json()]).toEqual([402, { error: 'ERR_SUBSCRIPTION_OVERDUE', dueDate: yesterday }]);
    expect((await t.request('GET', '/tickets', { token: a.adminSession.token })).status).toBe(402);
    await t.db.update(companies).set({ dueDate: '2999-01-01' }).where(eq(companies.id, a.company.id));
    const contacts = (await t.request('GET', '/contacts?searchParam=5511955550007', { token: a.adminSession.token })).body.contacts;
    expect(contacts).toEqual([]);
    expect((await send(token, { number: '5511955550007', body: 'x' })).statusCode).toBe(200);
  });

  it('bad input gets field errors and changes nothing: masked number, nothing to send, unknown flags', async () => {
    const a = await setupAttendance(t);
    const token = await tokenOf(a);
    const masked = await send(token, { number: '+55 (11) 95555-0005', body: 'x' });
    expect(masked.statusCode).toBe(400);
    expect(masked.json().fields).toEqual([expect.objectContaining({ path: 'body.number' })]);
    const empty = await send(token, { number: '5511955550005', body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect((await send(token, { number: '5511955550005', body: 'x', closeTicket: 'yes' })).statusCode).toBe(400);
    const contacts = (await t.request('GET', '/contacts?searchParam=5511955550005', { token: a.adminSession.token })).body.contacts;
    expect(contacts).toEqual([]);
    // a field the API does not know is ignored, not refused (issue 13)
    expect((await send(token, { number: '5511955550005', body: 'x', extra: 1, closeTicket: 0 })).statusCode).toBe(200);
  });

  it("a company's token cannot name another company's user or queue, and writes only to its own contacts (ARCHITECTURE §4 Tenancy)", async () => {
    const a = await setupAttendance(t);
    const b = await setupAttendance(t);
    const bToken = await tokenOf(b);
    const foreignUser = await send(bToken, { number: '5511955550006', body: 'x', userId: a.admin.id });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json()).toMatchObject({ error: 'ERR_NO_USER_FOUND' });
    expect((await send(bToken, { number: '5511955550006', body: 'x', queueId: a.queues[0].id })).statusCode).toBe(400);
    await a.inbound('5511955550006', 'sou cliente de A');
    const sent = await send(bToken, { number: '5511955550006', body: 'de B' });
    expect(sent.statusCode).toBe(200);
    const bTicket = await b.ticket(b.adminSession.token, sent.json().ticketId);
    expect(bTicket.companyId).toBe(b.company.id);
    expect((await t.request('GET', `/tickets/${sent.json().ticketId}`, { token: a.adminSession.token })).status).toBe(404);
  });
});
