import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { manualClock } from '../../src/platform/clock.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createContact } from '../factories/contact.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { scheduleCompany } from './support.ts';

const clock = manualClock('2026-03-02T12:00:00Z');
let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ timeZone: 'America/Sao_Paulo' }, { clock });
});
// each test starts on Monday 2 March 2026, 09:00 in São Paulo
beforeEach(() => clock.set('2026-03-02T12:00:00Z'));
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await t?.close();
});

describe('schedule calls (02-operations §7 Schedules, §3 Schedule, §9 defaults)', () => {
  it('POST /schedules stores the schedule with the §9 defaults; GET lists and shows it with the contact; PUT changes it; DELETE removes it', async () => {
    const s = await scheduleCompany(t, clock);
    const created = await s.create({ body: 'Lembrete da consulta', sendAt: '2026-03-03T12:00:00Z', companyId: 999, userId: 999 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      body: 'Lembrete da consulta',
      contactId: s.contact.id,
      contact: { id: s.contact.id, name: 'Maria Cliente' },
      sendAt: '2026-03-03T12:00:00.000Z',
      nextSendAt: '2026-03-03T12:00:00.000Z',
      sentAt: null,
      status: 'PENDENTE',
      openTicket: 'enabled',
      statusTicket: 'closed',
      intervalo: 1,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      assinar: false,
      mediaPath: null,
      userId: s.adminSession.user.id,
      companyId: s.company.id,
    });
    const id = created.body.id;

    const list = await t.request('GET', '/schedules?searchParam=maria&pageNumber=1', { token: s.token });
    expect(list).toMatchObject({ status: 200, body: { hasMore: false, count: 1, schedules: [{ id }] } });
    expect((await t.request('GET', '/schedules?searchParam=ninguem', { token: s.token })).body.schedules).toEqual([]);
    expect((await t.request('GET', `/schedules?contactId=${s.contact.id}`, { token: s.token })).body.count).toBe(1);
    // the calendar asks for the range it shows
    expect((await t.request('GET', '/schedules?from=2026-04-01T00:00:00Z&to=2026-04-30T00:00:00Z', { token: s.token })).body.count).toBe(0);
    expect(await s.show(id)).toMatchObject({ id, body: 'Lembrete da consulta' });

    const updated = await t.request('PUT', `/schedules/${id}`, { token: s.token, body: { body: 'Lembrete alterado', sendAt: '2026-03-04T12:00:00Z' } });
    expect(updated).toMatchObject({ status: 200, body: { body: 'Lembrete alterado', nextSendAt: '2026-03-04T12:00:00.000Z', openTicket: 'enabled' } });

    expect((await t.request('DELETE', `/schedules/${id}`, { token: s.token })).status).toBe(204);
    expect((await t.request('GET', `/schedules/${id}`, { token: s.token })).body).toEqual({ error: 'ERR_NO_SCHEDULE_FOUND' });
    // its job is gone: nothing goes out at the time it had
    await s.runAt('2026-03-05T00:00:00Z');
    expect(await s.sentBodies()).toEqual([]);
  });

  it('refuses a short body, a missing contact or send time, bad recurrence values, and stores nothing (02-operations §5 Schedule)', async () => {
    const s = await scheduleCompany(t, clock);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ body: 'Oi', sendAt: '2026-03-03T12:00:00Z' }, 'body.body'],
      [{ body: 'Mensagem longa', contactId: undefined, sendAt: '2026-03-03T12:00:00Z' }, 'body.contactId'],
      [{ body: 'Mensagem longa' }, 'body.sendAt'],
      [{ body: 'Mensagem longa', sendAt: 'amanhã' }, 'body.sendAt'],
      [{ body: 'Mensagem longa', sendAt: '2026-03-03T12:00:00Z', intervalo: 7 }, 'body.intervalo'],
      [{ body: 'Mensagem longa', sendAt: '2026-03-03T12:00:00Z', tipoDias: 3 }, 'body.tipoDias'],
      [{ body: 'Mensagem longa', sendAt: '2026-03-03T12:00:00Z', enviarQuantasVezes: 0 }, 'body.enviarQuantasVezes'],
      [{ body: 'Mensagem longa', sendAt: '2026-03-03T12:00:00Z', statusTicket: 'pending' }, 'body.statusTicket'],
    ];
    for (const [body, path] of cases) {
      const answer = await s.create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields.map((field: { path: string }) => field.path)).toContain(path);
    }
    expect((await t.request('GET', '/schedules', { token: s.token })).body.count).toBe(0);
  });

  it("another company's schedule, contact, connection or user is not found; loose forms are accepted (ARCHITECTURE §4 Tenancy)", async () => {
    const s = await scheduleCompany(t, clock);
    const other = await scheduleCompany(t, clock);
    const theirs = (await other.create({ body: 'Deles apenas', sendAt: '2026-03-03T12:00:00Z' })).body;
    for (const [method, path] of [
      ['GET', `/schedules/${theirs.id}`],
      ['PUT', `/schedules/${theirs.id}`],
      ['DELETE', `/schedules/${theirs.id}`],
      ['DELETE', `/schedules/${theirs.id}/media-upload`],
    ] as const) {
      const answer = await t.request(method, path, { token: s.token, body: method === 'PUT' ? { body: 'Tomado por outro' } : undefined });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'ERR_NO_SCHEDULE_FOUND' } });
    }
    expect((await other.show(theirs.id)).body).toBe('Deles apenas');
    expect((await s.create({ body: 'Contato alheio', sendAt: '2026-03-03T12:00:00Z', contactId: other.contact.id })).body).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    expect((await s.create({ body: 'Conexão alheia', sendAt: '2026-03-03T12:00:00Z', whatsappId: other.connection.id })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    expect((await s.create({ body: 'Usuário alheio', sendAt: '2026-03-03T12:00:00Z', ticketUserId: other.adminSession.user.id })).body).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect((await t.request('GET', '/schedules', { token: s.token })).body.count).toBe(0);
    const loose = await s.create({ body: 'Formas soltas', sendAt: '2026-03-03 12:00:00Z', intervalo: '2', valorIntervalo: '1', enviarQuantasVezes: '2', tipoDias: '5', assinar: 'true', openTicket: true });
    expect(loose).toMatchObject({ status: 201, body: { intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 2, tipoDias: 5, assinar: true, openTicket: 'enabled' } });
  });

  it('a company whose plan lacks useSchedules gets 403 on every schedule call (02-operations §6)', async () => {
    const { admin } = await createCompany(t.db, { planFlags: { useSchedules: false } });
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    for (const [method, path] of [
      ['GET', '/schedules'],
      ['GET', '/schedules/1'],
      ['POST', '/schedules'],
      ['PUT', '/schedules/1'],
      ['DELETE', '/schedules/1'],
      ['POST', '/schedules/1/media-upload'],
      ['DELETE', '/schedules/1/media-upload'],
    ] as const) {
      expect((await t.request(method, path, { token, body: method === 'GET' || method === 'DELETE' ? undefined : {} })).body, `${method} ${path}`).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
  });

  it('an attendant (profile user) manages schedules of the company too (02-operations §6: only the plan flag gates them)', async () => {
    const s = await scheduleCompany(t, clock);
    const user = await createUser(t.db, s.company.id, { profile: 'user' });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    const created = await t.request('POST', '/schedules', { token, body: { contactId: s.contact.id, body: 'Do atendente', sendAt: '2026-03-03T12:00:00Z' } });
    expect(created).toMatchObject({ status: 201, body: { userId: user.id } });
  });

  it('publishes company-{id}-schedule on create, update and delete, to the company only (02-operations §4 Other states)', async () => {
    const s = await scheduleCompany(t, clock);
    const other = await scheduleCompany(t, clock);
    const mine = await connectSocket(t, s.token);
    const theirs = await connectSocket(t, other.token);
    sockets.push(mine, theirs);
    const seenMine = recordEvents(mine);
    const seenTheirs = recordEvents(theirs);
    const id = (await s.create({ body: 'Ao vivo agora', sendAt: '2026-03-03T12:00:00Z' })).body.id;
    await t.request('PUT', `/schedules/${id}`, { token: s.token, body: { body: 'Ao vivo depois' } });
    await t.request('DELETE', `/schedules/${id}`, { token: s.token });
    await awaitMarker(t, { socket: mine, token: s.token, user: s.admin });
    await awaitMarker(t, { socket: theirs, token: other.token, user: other.admin });
    const channel = `company-${s.company.id}-schedule`;
    expect(seenMine.filter((event) => event.channel === channel).map((event) => event.payload)).toEqual([
      { action: 'create', schedule: expect.objectContaining({ id, body: 'Ao vivo agora' }) },
      { action: 'update', schedule: expect.objectContaining({ id, body: 'Ao vivo depois' }) },
      { action: 'delete', scheduleId: id },
    ]);
    expect(seenTheirs).toEqual([]);
  });

  it('media-upload stores one allowed file under a generated name and sends it with the body; other types are refused; DELETE clears it (02-operations §5 Schedule, §7)', async () => {
    const s = await scheduleCompany(t, clock);
    const id = (await s.create({ body: 'Segue o boleto', sendAt: '2026-03-02T13:00:00Z' })).body.id;
    const upload = (content: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)]), name);
      return t.request('POST', `/schedules/${id}/media-upload`, { token: s.token, rawBody: form });
    };
    expect((await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'boleto.html')).body).toEqual({ error: 'ERR_INVALID_FILE' });
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64)]);
    expect((await upload(mp3, 'audio.mp3')).status).toBe(400);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const stored = await upload(png, 'boleto.png');
    expect(stored).toMatchObject({ status: 200, body: { mediaName: 'boleto.png' } });
    expect(stored.body.mediaPath).toMatch(new RegExp(`^/public/company${s.company.id}/schedules/[0-9a-f-]{36}\\.png$`));
    expect((await fetch(`${t.url}${stored.body.mediaPath}`)).status).toBe(200);

    await s.runAt('2026-03-02T13:00:00Z');
    expect((await s.outbox()).map((message) => [message.body, message.mediaType])).toEqual([['Segue o boleto', 'image']]);

    const cleared = await t.request('DELETE', `/schedules/${id}/media-upload`, { token: s.token });
    expect(cleared).toMatchObject({ status: 200, body: { mediaPath: null, mediaName: null } });
    expect((await fetch(`${t.url}${stored.body.mediaPath}`)).status).toBe(404);
  });
});

describe('sending at sendAt (02-operations §3 Schedule)', () => {
  it('goes out once at sendAt through the contact connection, in a ticket closed after it (statusTicket closed); sentAt and ENVIADA are set', async () => {
    const s = await scheduleCompany(t, clock);
    const id = (await s.create({ body: 'Sua consulta é amanhã', sendAt: '2026-03-02T15:00:00Z' })).body.id;
    await s.runAt('2026-03-02T14:59:00Z');
    expect(await s.sentBodies()).toEqual([]);
    await s.runAt('2026-03-02T15:00:30Z');
    await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
    const sent = await s.outbox();
    expect(sent.map((message) => message.body)).toEqual(['Sua consulta é amanhã']);
    expect(await s.show(id)).toMatchObject({ status: 'ENVIADA', sentAt: '2026-03-02T15:00:30.000Z', nextSendAt: null, sentCount: 1 });
    expect((await s.ticket(s.token, sent[0].ticketId)).status).toBe('closed');
  });

  it('openTicket with statusTicket open leaves the ticket open for ticketUserId in queueId; assinar signs with the author name', async () => {
    const s = await scheduleCompany(t, clock);
    const ana = await s.attendant([s.queues[0].id]);
    await s.create({
      body: 'Podemos conversar?',
      sendAt: '2026-03-02T13:00:00Z',
      openTicket: 'enabled',
      statusTicket: 'open',
      ticketUserId: ana.user.id,
      queueId: s.queues[0].id,
      assinar: true,
    });
    await s.runAt('2026-03-02T13:00:00Z');
    const [sent] = await s.outbox();
    expect(sent.body).toBe(`*${s.adminSession.user.name}*:\nPodemos conversar?`);
    expect(await s.ticket(s.token, sent.ticketId)).toMatchObject({ status: 'open', userId: ana.user.id, queueId: s.queues[0].id });
  });

  it('a ticket someone is attending receives the message and stays as it was', async () => {
    const s = await scheduleCompany(t, clock);
    const { ticketId } = await s.inbound(s.contact.number, 'Olá');
    await s.put(s.token, ticketId, { status: 'open', userId: s.adminSession.user.id, queueId: s.queues[0].id });
    await s.create({ body: 'Lembrete no atendimento', sendAt: '2026-03-02T13:00:00Z', openTicket: 'disabled' });
    await s.runAt('2026-03-02T13:00:00Z');
    expect((await s.outbox()).map((message) => [message.body, message.ticketId])).toEqual([['Lembrete no atendimento', ticketId]]);
    expect((await s.ticket(s.token, ticketId)).status).toBe('open');
  });

  it('a company with no connection to send through marks the schedule ERRO with the reason, and publishes it', async () => {
    const { company, admin } = await createCompany(t.db);
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const contact = await createContact(t.db, company.id);
    const id = (await t.request('POST', '/schedules', { token, body: { contactId: contact.id, body: 'Sem conexão nenhuma', sendAt: '2026-03-02T13:00:00Z' } })).body.id;
    const socket = await connectSocket(t, token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    clock.set('2026-03-02T13:00:00Z');
    await t.app.jobs.runDue();
    const shown = (await t.request('GET', `/schedules/${id}`, { token })).body;
    expect(shown).toMatchObject({ status: 'ERRO', errorMessage: 'ERR_NO_DEF_WAPP_FOUND', sentAt: null, nextSendAt: null });
    await awaitMarker(t, { socket, token, user: admin });
    expect(seen.filter((event) => event.channel === `company-${company.id}-schedule`).map((event) => event.payload)).toEqual([
      { action: 'update', schedule: expect.objectContaining({ id, status: 'ERRO' }) },
    ]);
    // saving it again arms it afresh
    const rearmed = await t.request('PUT', `/schedules/${id}`, { token, body: { sendAt: '2026-03-03T13:00:00Z' } });
    expect(rearmed.body).toMatchObject({ status: 'PENDENTE', errorMessage: null, nextSendAt: '2026-03-03T13:00:00.000Z' });
  });
});

describe('recurrence (02-operations §3 Schedule: intervalo, valorIntervalo, enviarQuantasVezes, tipoDias)', () => {
  it('monthly from 31 January: the month ends in between, then the 31st again; enviarQuantasVezes in all', async () => {
    clock.set('2026-01-30T12:00:00Z');
    const s = await scheduleCompany(t, clock);
    // 09:00 in São Paulo (UTC-3)
    const id = (await s.create({ body: 'Mensalidade vence hoje', sendAt: '2026-01-31T12:00:00Z', intervalo: 3, valorIntervalo: 1, enviarQuantasVezes: 3 })).body.id;
    await s.runAt('2026-01-31T12:00:00Z');
    expect(await s.show(id)).toMatchObject({ status: 'PENDENTE', sentCount: 1, nextSendAt: '2026-02-28T12:00:00.000Z' });
    await s.runAt('2026-02-28T12:00:00Z');
    expect(await s.show(id)).toMatchObject({ status: 'PENDENTE', sentCount: 2, nextSendAt: '2026-03-31T12:00:00.000Z' });
    await s.runAt('2026-03-31T12:00:00Z');
    expect(await s.show(id)).toMatchObject({ status: 'ENVIADA', sentCount: 3, nextSendAt: null, sentAt: '2026-03-31T12:00:00.000Z' });
    await s.runAt('2026-06-01T12:00:00Z');
    expect(await s.sentBodies()).toEqual(['Mensalidade vence hoje', 'Mensalidade vence hoje', 'Mensalidade vence hoje']);
  });

  it('minutes and weeks step from the first occurrence', async () => {
    const s = await scheduleCompany(t, clock);
    const minutes = (await s.create({ body: 'A cada meia hora', sendAt: '2026-03-02T13:00:00Z', intervalo: 4, valorIntervalo: 30, enviarQuantasVezes: 2 })).body.id;
    const weeks = (await s.create({ body: 'A cada duas semanas', sendAt: '2026-03-02T13:00:00Z', intervalo: 2, valorIntervalo: 2, enviarQuantasVezes: 2 })).body.id;
    await s.runAt('2026-03-02T13:00:00Z');
    expect((await s.show(minutes)).nextSendAt).toBe('2026-03-02T13:30:00.000Z');
    expect((await s.show(weeks)).nextSendAt).toBe('2026-03-16T13:00:00.000Z');
    await s.runAt('2026-03-02T13:30:00Z');
    expect(await s.show(minutes)).toMatchObject({ status: 'ENVIADA', sentCount: 2 });
    expect((await s.sentBodies()).filter((body) => body === 'A cada meia hora')).toHaveLength(2);
  });

  it('tipoDias moves an occurrence on a weekend to the Friday before (5) or the Monday after (6); 4 sends on the weekend', async () => {
    const s = await scheduleCompany(t, clock);
    // Friday 6 March, then daily: the second occurrence is Saturday 7 March
    const daily = { sendAt: '2026-03-06T12:00:00Z', intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 3 };
    const anyway = (await s.create({ ...daily, body: 'No fim de semana', tipoDias: 4 })).body.id;
    const before = (await s.create({ ...daily, body: 'Dia útil antes', tipoDias: 5 })).body.id;
    const after = (await s.create({ ...daily, body: 'Dia útil depois', tipoDias: 6 })).body.id;
    // a first occurrence on a Sunday moves too
    const sunday = (await s.create({ body: 'Marcado no domingo', sendAt: '2026-03-08T12:00:00Z', tipoDias: 6 })).body;
    expect(sunday.nextSendAt).toBe('2026-03-09T12:00:00.000Z');
    await s.runAt('2026-03-06T12:00:00Z');
    expect((await s.show(anyway)).nextSendAt).toBe('2026-03-07T12:00:00.000Z');
    expect((await s.show(after)).nextSendAt).toBe('2026-03-09T12:00:00.000Z');
    // Saturday's and Sunday's occurrences both fall on that Friday: all three went out
    expect(await s.show(before)).toMatchObject({ sentCount: 3, status: 'ENVIADA', nextSendAt: null });
    expect((await s.sentBodies()).filter((body) => body === 'Dia útil antes')).toHaveLength(3);
    await s.runAt('2026-03-09T12:00:00Z');
    // Monday: after's Saturday and Sunday occurrences both moved onto it, and the day's own is past
    expect(await s.show(after)).toMatchObject({ sentCount: 3, status: 'ENVIADA' });
  });
});
