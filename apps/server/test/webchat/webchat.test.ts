// The web chat widget channel (issue 41 point 1) through real HTTP and a real Socket.IO client, as
// the widget on a customer's website speaks to the server: an allowed Origin on every call.
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, recordEvents, setupAttendance } from '../helpers/attendance.ts';
import type { Json } from '../helpers/json.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SITE = 'https://shop.example';
const TOKEN_HEADER = 'x-webchat-visitor';
const LIMITS = { messagesPerVisitor: 5, messagesPerConnection: 100, visitorsPerConnection: 50, windowSeconds: 60 };

let t: TestApp;
const sockets: Socket[] = [];
// a Sunday in every time zone from UTC-11 to UTC+11, and the Monday after it
const SUNDAY_NOON = '2026-03-01T12:00:00Z';
const MONDAY_NOON = '2026-03-02T12:00:00Z';
const clock = manualClock(SUNDAY_NOON);
beforeAll(async () => {
  t = await startTestApp({}, { webchatLimits: LIMITS, clock });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const widgetCompany = async () => {
  const a = await setupAttendance(t);
  const created = await t.request('POST', '/webchat/connections', {
    token: a.adminSession.token,
    body: { name: 'Site', allowedOrigins: [SITE], color: '#ff5500', greeting: 'Olá! Como podemos ajudar?', preChatForm: true },
  });
  if (created.status !== 201) throw new Error(`webchat connection: ${JSON.stringify(created.body)}`);
  const publicId = created.body.number as string;
  const call = (method: string, path: string, options: { body?: unknown; visitor?: string; origin?: string } = {}) =>
    t.request(method, `/webchat/${publicId}${path}`, {
      body: options.body,
      headers: { origin: options.origin ?? SITE, ...(options.visitor ? { [TOKEN_HEADER]: options.visitor } : {}) },
    });
  const startVisitor = async (form: Record<string, string> = {}) => {
    const started = await call('POST', '/visitors', { body: form });
    expect(started.status).toBe(201);
    return started.body.visitorToken as string;
  };
  const liveSocket = (visitorToken: string, origin = SITE) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(`${t.url}/webchat`, { auth: { publicId, visitorToken }, transports: ['websocket'], reconnection: false, extraHeaders: { origin } });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const ticketOf = async (contactName: string) => {
    let found: Json | undefined;
    await expect
      .poll(async () => {
        const tickets = (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets as Json[];
        found = tickets.find((row) => row.contact.name === contactName);
        return found !== undefined;
      })
      .toBe(true);
    return found as Json;
  };
  const addContact = async (body: Record<string, unknown>) => {
    const added = await t.request('POST', '/contacts', { token: a.adminSession.token, body });
    if (added.status !== 200 && added.status !== 201) throw new Error(`contact: ${JSON.stringify(added.body)}`);
    return added.body as Json;
  };
  const contactOf = async (id: number) => (await t.request('GET', `/contacts/${id}`, { token: a.adminSession.token })).body as Json;
  // an attendant takes the ticket and answers it
  const answer = async (ticketId: number, text: string) => {
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    expect((await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, body: { body: text } })).status).toBe(201);
  };
  return { a, connection: created.body, publicId, call, startVisitor, liveSocket, ticketOf, addContact, contactOf, answer };
};

const nextMessage = (socket: Socket) => new Promise<Json>((resolve) => socket.once('message', resolve));

describe('Web chat widget (issue 41 point 1)', () => {
  it('creates a connection with a random public id and the widget reads its colour and greeting from an allowed origin only', async () => {
    const { connection, publicId, call } = await widgetCompany();
    expect(connection).toMatchObject({ channel: 'webchat', name: 'Site' });
    expect(publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const appearance = await call('GET', '/appearance');
    expect(appearance.status).toBe(200);
    expect(appearance.body).toEqual({ color: '#ff5500', greeting: 'Olá! Como podemos ajudar?', preChatForm: true, outOfHours: false });
    expect(appearance.headers.get('access-control-allow-origin')).toBe(SITE);
    const preflight = await call('OPTIONS', '/messages', { origin: SITE });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain(TOKEN_HEADER);
  });

  it('refuses a forbidden origin on every call and on the socket handshake, with no CORS answer', async () => {
    const { call, startVisitor, liveSocket } = await widgetCompany();
    const elsewhere = 'https://evil.example';
    for (const [method, path] of [['GET', '/appearance'], ['POST', '/visitors'], ['OPTIONS', '/messages']]) {
      const refused = await call(method, path, { origin: elsewhere, body: method === 'POST' ? {} : undefined });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    const visitor = await startVisitor();
    expect((await call('GET', '/messages', { visitor, origin: elsewhere })).status).toBe(403);
    await expect(liveSocket(visitor, elsewhere)).rejects.toThrow('ERR_NO_PERMISSION');
  });

  it('a visitor starts with the pre-chat form, writes into a ticket, gets the attendant reply live with the name, and keeps the history on a page reload', async () => {
    const { a, call, startVisitor, liveSocket, ticketOf } = await widgetCompany();
    const visitor = await startVisitor({ name: 'Ana Visitante', email: 'ana@shop.example', phone: '+55 11 98888-7777' });
    const sent = await call('POST', '/messages', { visitor, body: { text: 'Quero saber do meu pedido' } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ body: 'Quero saber do meu pedido', fromMe: false });
    const ticket = await ticketOf('Ana Visitante');
    const contact = await t.request('GET', `/contacts/${ticket.contact.id}`, { token: a.adminSession.token });
    expect(contact.body).toMatchObject({ name: 'Ana Visitante', email: 'ana@shop.example', channel: 'webchat' });

    const socket = await liveSocket(visitor);
    const arrived = new Promise<Json>((resolve) => socket.on('message', resolve));
    await a.put(a.adminSession.token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    expect((await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, body: { body: 'Seu pedido já saiu!' } })).status).toBe(201);
    expect(await arrived).toMatchObject({ body: 'Seu pedido já saiu!', fromMe: true, senderName: a.admin.name });
    // the widget was open: the reply counts as delivered
    await expect
      .poll(async () => ((await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).body.messages as Json[]).find((m) => m.fromMe)?.ack)
      .toBe(2);

    // a page reload: a new socket and a history read with the token kept in localStorage
    socket.close();
    await liveSocket(visitor);
    const history = await call('GET', '/messages', { visitor });
    expect(history.status).toBe(200);
    expect(history.body.messages).toMatchObject([
      { body: 'Quero saber do meu pedido', fromMe: false, senderName: null },
      { body: 'Seu pedido já saiu!', fromMe: true, senderName: a.admin.name },
    ]);
  });

  it("an attendant's file reaches the visitor live and in the history as a link to it, with its caption", async () => {
    const { a, call, startVisitor, liveSocket, ticketOf } = await widgetCompany();
    const visitor = await startVisitor({ name: 'Caio Arquivo' });
    expect((await call('POST', '/messages', { visitor, body: { text: 'manda a foto' } })).status).toBe(201);
    const ticket = await ticketOf('Caio Arquivo');
    await a.put(a.adminSession.token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const socket = await liveSocket(visitor);
    const arrived = new Promise<Json>((resolve) => socket.on('message', resolve));
    const photo = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    const form = new FormData();
    form.set('body', 'a foto');
    form.set('medias', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
    expect((await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, rawBody: form })).status).toBe(201);
    const live = await arrived;
    expect(live).toMatchObject({ body: 'a foto', mediaType: 'image', mediaUrl: expect.any(String) });
    const file = await fetch(new URL(live.mediaUrl, t.url));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
    const history = await call('GET', '/messages', { visitor });
    expect(history.body.messages.at(-1)).toMatchObject({ body: 'a foto', mediaUrl: live.mediaUrl, mediaType: 'image' });
  });

  it('tells the widget the company is out of its service hours, as the bot reads them (issue 41 point 1)', async () => {
    const { a, call } = await widgetCompany();
    const mondayOnly = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '00:00', endTimeA: '23:59', startTimeB: '', endTimeB: '' }];
    expect((await t.request('PUT', '/companySettings', { token: a.adminSession.token, body: { column: 'scheduleType', data: 'company' } })).status).toBe(200);
    expect((await t.request('PUT', `/companies/${a.company.id}/schedules`, { token: a.adminSession.token, body: { schedules: mondayOnly } })).status).toBe(200);
    clock.set(SUNDAY_NOON);
    expect((await call('GET', '/appearance')).body.outOfHours).toBe(true);
    clock.set(MONDAY_NOON);
    expect((await call('GET', '/appearance')).body.outOfHours).toBe(false);
  });

  it('caps a flood from one visitor with 429 while another visitor of the same site still writes', async () => {
    const { call, startVisitor } = await widgetCompany();
    const flooder = await startVisitor({ name: 'Flood' });
    const statuses: number[] = [];
    for (let index = 0; index < LIMITS.messagesPerVisitor + 2; index += 1) {
      statuses.push((await call('POST', '/messages', { visitor: flooder, body: { text: `spam ${index}` } })).status);
    }
    expect(statuses.slice(0, LIMITS.messagesPerVisitor).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(LIMITS.messagesPerVisitor)).toEqual([429, 429]);
    const calm = await startVisitor({ name: 'Calm' });
    expect((await call('POST', '/messages', { visitor: calm, body: { text: 'oi' } })).status).toBe(201);
  });

  it("another company's public id and visitor token give nothing", async () => {
    const first = await widgetCompany();
    const second = await widgetCompany();
    const visitor = await first.startVisitor({ name: 'Bia' });
    expect((await first.call('POST', '/messages', { visitor, body: { text: 'segredo' } })).status).toBe(201);
    // the token of the first company's visitor on the second company's widget
    expect((await second.call('GET', '/messages', { visitor })).status).toBe(401);
    expect((await second.call('POST', '/messages', { visitor, body: { text: 'oi' } })).status).toBe(401);
    await expect(second.liveSocket(visitor)).rejects.toThrow('ERR_SESSION_EXPIRED');
    // an unknown public id and a made-up token
    expect((await t.request('GET', '/webchat/AAAAAAAAAAAAAAAAAAAAAAAA/appearance', { headers: { origin: SITE } })).status).toBe(404);
    expect((await first.call('GET', '/messages', { visitor: 'x'.repeat(43) })).status).toBe(401);
  });
});

describe('Web chat visitors matched to known contacts by the pre-chat form (issue 41 point 1)', () => {
  it('an email in another case names the one contact with it: the visitor writes as it, its channel and number stay', async () => {
    const { call, startVisitor, ticketOf, addContact, contactOf } = await widgetCompany();
    const known = await addContact({ name: 'Beto Mail', number: '5511900001111', email: 'Beto@Loja.example' });
    const visitor = await startVisitor({ name: 'Beto no site', email: 'beto@loja.example', phone: '+55 11 93333-2222' });
    expect((await call('POST', '/messages', { visitor, body: { text: 'sou eu' } })).status).toBe(201);
    const ticket = await ticketOf('Beto Mail');
    expect(ticket.contact.id).toBe(known.id);
    const contact = await contactOf(known.id);
    expect(contact).toMatchObject({ name: 'Beto Mail', number: '5511900001111', email: 'Beto@Loja.example', channel: known.channel });
    // the phone it lacked is filled in
    expect(contact.extraInfo).toEqual([expect.objectContaining({ name: 'Phone', value: '+55 11 93333-2222' })]);
  });

  it("a phone names the contact of those digits, or the one keeping it in its extra info; a reply to that contact's ticket reaches the visitor live", async () => {
    const { call, startVisitor, liveSocket, ticketOf, addContact, contactOf, answer } = await widgetCompany();
    const byNumber = await addContact({ name: 'Rita Zap', number: '+55 11 97777-6666' });
    const byInfo = await addContact({ name: 'Otto Info', number: '5511911112222', extraInfo: [{ name: 'Telefone', value: '(21) 95555-4444' }] });
    const rita = await startVisitor({ phone: '+55 (11) 97777-6666', email: 'rita@site.example' });
    expect((await call('POST', '/messages', { visitor: rita, body: { text: 'oi, Rita aqui' } })).status).toBe(201);
    const ticket = await ticketOf('Rita Zap');
    expect(ticket.contact.id).toBe(byNumber.id);
    expect(await contactOf(byNumber.id)).toMatchObject({ number: '5511977776666', email: 'rita@site.example', channel: byNumber.channel });
    const socket = await liveSocket(rita);
    const arrived = nextMessage(socket);
    await answer(ticket.id, 'Olá, Rita!');
    expect(await arrived).toMatchObject({ body: 'Olá, Rita!', fromMe: true });

    const otto = await startVisitor({ phone: '21955554444' });
    expect((await call('POST', '/messages', { visitor: otto, body: { text: 'Otto aqui' } })).status).toBe(201);
    expect((await ticketOf('Otto Info')).contact.id).toBe(byInfo.id);
  });

  it('details naming two contacts match neither: the visitor gets a web chat contact of its own', async () => {
    const { call, startVisitor, ticketOf, addContact, contactOf } = await widgetCompany();
    const first = await addContact({ name: 'Dupla Um', number: '5511922220001', email: 'dupla@loja.example' });
    const second = await addContact({ name: 'Dupla Dois', number: '5511922220002', email: 'dupla@loja.example' });
    const visitor = await startVisitor({ name: 'Quem Sou', email: 'dupla@loja.example' });
    expect((await call('POST', '/messages', { visitor, body: { text: 'qual de nós?' } })).status).toBe(201);
    const ticket = await ticketOf('Quem Sou');
    expect([first.id, second.id]).not.toContain(ticket.contact.id);
    expect(await contactOf(ticket.contact.id)).toMatchObject({ name: 'Quem Sou', channel: 'webchat', email: 'dupla@loja.example' });
  });

  it("another company's contact is never matched", async () => {
    const mine = await widgetCompany();
    const theirs = await widgetCompany();
    const foreign = await theirs.addContact({ name: 'Alheio', number: '5511944443333', email: 'alheio@loja.example' });
    const visitor = await mine.startVisitor({ name: 'Visitante Local', email: 'alheio@loja.example', phone: '5511944443333' });
    expect((await mine.call('POST', '/messages', { visitor, body: { text: 'oi' } })).status).toBe(201);
    const ticket = await mine.ticketOf('Visitante Local');
    expect(ticket.contact.id).not.toBe(foreign.id);
    expect(await theirs.contactOf(foreign.id)).toMatchObject({ name: 'Alheio', extraInfo: [] });
  });

  it('a visitor linked to a contact reads the conversation from its link on, never before; a reply reaches every visitor of the contact', async () => {
    const { a, call, startVisitor, liveSocket, ticketOf, answer } = await widgetCompany();
    const owner = await startVisitor({ name: 'Dona Carla', email: 'carla@loja.example' });
    expect((await call('POST', '/messages', { visitor: owner, body: { text: 'meu endereço é rua secreta 1' } })).status).toBe(201);
    const ticket = await ticketOf('Dona Carla');
    await answer(ticket.id, 'anotado, Carla');

    // someone else types Carla's email on another browser
    const stranger = await startVisitor({ email: 'carla@loja.example' });
    expect((await call('GET', '/messages', { visitor: stranger })).body.messages).toEqual([]);
    expect((await call('POST', '/messages', { visitor: stranger, body: { text: 'qual é meu endereço?' } })).status).toBe(201);
    expect(((await call('GET', '/messages', { visitor: stranger })).body.messages as Json[]).map((m) => m.body)).toEqual(['qual é meu endereço?']);
    // the same ticket, and Carla's own visitor still reads it all
    const messages = (await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).body.messages as Json[];
    expect(messages.map((m) => m.body)).toContain('qual é meu endereço?');
    expect(((await call('GET', '/messages', { visitor: owner })).body.messages as Json[]).map((m) => m.body)).toEqual([
      'meu endereço é rua secreta 1',
      'anotado, Carla',
      'qual é meu endereço?',
    ]);

    const [ownerSocket, strangerSocket] = [await liveSocket(owner), await liveSocket(stranger)];
    const both = Promise.all([nextMessage(ownerSocket), nextMessage(strangerSocket)]);
    expect((await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, body: { body: 'para os dois' } })).status).toBe(201);
    expect((await both).map((m) => m.body)).toEqual(['para os dois', 'para os dois']);
  });
});

describe("A visitor's images and files (issue 41 point 1)", () => {
  const upload = (file: Blob, name: string, caption?: string) => {
    const form = new FormData();
    if (caption) form.set('caption', caption);
    form.set('file', file, name);
    return form;
  };
  const sendFile = (publicId: string, visitor: string, form: FormData) =>
    t.request('POST', `/webchat/${publicId}/files`, { rawBody: form, headers: { origin: SITE, [TOKEN_HEADER]: visitor } });

  it('an image goes into the ticket as media, the widget reads it back with its token, and a document keeps its name', async () => {
    const { a, publicId, call, startVisitor, ticketOf } = await widgetCompany();
    const visitor = await startVisitor({ name: 'Fábio Foto' });
    const photo = await sharp({ create: { width: 3, height: 3, channels: 3, background: '#0000ff' } }).png().toBuffer();
    const sent = await sendFile(publicId, visitor, upload(new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'quebrado.png', 'chegou assim'));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ body: 'chegou assim', mediaType: 'image', fromMe: false, mediaUrl: expect.any(String) });
    const ticket = await ticketOf('Fábio Foto');
    const stored = ((await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).body.messages as Json[]).find((m) => m.id === sent.body.id);
    expect(stored).toMatchObject({ mediaType: 'image', body: 'chegou assim', mediaUrl: sent.body.mediaUrl });

    const file = await fetch(`${t.url}/webchat/${publicId}/files/${sent.body.id}`, { headers: { origin: SITE, [TOKEN_HEADER]: visitor } });
    expect(file.status).toBe(200);
    expect(file.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
    // another visitor of the site reads no file of this one's
    const other = await startVisitor({ name: 'Outro' });
    expect((await call('GET', `/files/${sent.body.id}`, { visitor: other })).status).toBe(404);

    const text = await sendFile(publicId, visitor, upload(new Blob(['pedido 123\n'], { type: 'text/plain' }), 'pedido.txt'));
    expect(text.status).toBe(201);
    expect(text.body).toMatchObject({ body: 'pedido.txt', mediaType: 'application' });
  });

  it('refuses an empty file, one over the size cap and one of a refused type with a clear error, storing nothing', async () => {
    const { a, publicId, startVisitor, ticketOf, call } = await widgetCompany();
    const visitor = await startVisitor({ name: 'Rui Recusa' });
    expect((await call('POST', '/messages', { visitor, body: { text: 'oi' } })).status).toBe(201);
    const empty = await sendFile(publicId, visitor, upload(new Blob([]), 'vazio.png'));
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_INVALID_FILE');
    const big = await sendFile(publicId, visitor, upload(new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), 'grande.bin'));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('ERR_FILE_TOO_LARGE');
    const program = await sendFile(publicId, visitor, upload(new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff])]), 'setup.exe'));
    expect(program.status).toBe(400);
    // no token: refused before the file is read
    expect((await t.request('POST', `/webchat/${publicId}/files`, { rawBody: upload(new Blob(['x']), 'a.txt'), headers: { origin: SITE } })).status).toBe(401);
    const ticket = await ticketOf('Rui Recusa');
    const messages = (await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).body.messages as Json[];
    expect(messages.map((m) => m.body)).toEqual(['oi']);
  });
});

describe('Web chat typing, both ways (issue 41 point 1)', () => {
  it("the visitor's typing reaches the attendant with the ticket open; the attendant's reaches the widget with the name; another company's ticket is not found", async () => {
    const { a, call, startVisitor, liveSocket, ticketOf } = await widgetCompany();
    const visitor = await startVisitor({ name: 'Tina Tecla' });
    expect((await call('POST', '/messages', { visitor, body: { text: 'oi' } })).status).toBe(201);
    const ticket = await ticketOf('Tina Tecla');
    const attendant = await connectSocket(t, a.adminSession.token);
    sockets.push(attendant);
    const seen = recordEvents(attendant);
    attendant.emit('joinChatBox', String(ticket.id));
    // each try from a new widget socket: a socket tells its typing at most once every 2 s
    await expect
      .poll(async () => {
        (await liveSocket(visitor)).emit('typing');
        return seen.some((event) => event.channel === `company-${a.company.id}-webchatTyping` && event.payload.ticketId === ticket.id);
      })
      .toBe(true);

    const widget = await liveSocket(visitor);
    const told = new Promise<Json>((resolve) => widget.once('typing', resolve));
    expect((await t.request('POST', `/webchat/tickets/${ticket.id}/typing`, { token: a.adminSession.token })).status).toBe(204);
    expect(await told).toEqual({ name: a.admin.name });

    const other = await setupAttendance(t);
    expect((await t.request('POST', `/webchat/tickets/${ticket.id}/typing`, { token: other.adminSession.token })).status).toBe(404);
  });
});

describe('Web chat read state (issue 41 point 1)', () => {
  it("the open widget's read receipt marks the attendant's messages up to the moment it names read (ack 3)", async () => {
    const { a, call, startVisitor, liveSocket, ticketOf, answer } = await widgetCompany();
    const visitor = await startVisitor({ name: 'Lia Leitura' });
    expect((await call('POST', '/messages', { visitor, body: { text: 'oi' } })).status).toBe(201);
    const ticket = await ticketOf('Lia Leitura');
    const widget = await liveSocket(visitor);
    const arrived = nextMessage(widget);
    await answer(ticket.id, 'Olá, Lia');
    const reply = await arrived;
    const ackOf = async () => ((await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).body.messages as Json[]).find((m) => m.id === reply.id)?.ack;
    await expect.poll(ackOf).toBe(2);
    widget.emit('read', { until: reply.createdAt });
    await expect.poll(ackOf).toBe(3);
  });
});

describe('Web chat rating at close as buttons (issue 41 point 1)', () => {
  it('the rating question reaches the widget marked as one, live and in the history, until the answer sent as a number rates and closes the ticket', async () => {
    const { a, connection, call, startVisitor, liveSocket, ticketOf, answer } = await widgetCompany();
    const admin = a.adminSession.token;
    expect((await t.request('PUT', '/companySettings', { token: admin, body: { column: 'userRating', data: 'enabled' } })).status).toBe(200);
    const rated = { ratingMessage: 'De 0 a 10, que nota você dá ao atendimento?', expiresTicketNPS: 30, complationMessage: 'Obrigado!' };
    expect((await t.request('PUT', `/whatsapp/${connection.id}`, { token: admin, body: rated })).status).toBe(200);
    const visitor = await startVisitor({ name: 'Nina Nota' });
    expect((await call('POST', '/messages', { visitor, body: { text: 'oi' } })).status).toBe(201);
    const ticket = await ticketOf('Nina Nota');
    const widget = await liveSocket(visitor);
    const replied = nextMessage(widget);
    await answer(ticket.id, 'Resolvido!');
    expect(await replied).toMatchObject({ body: 'Resolvido!', rating: false });

    const asked = nextMessage(widget);
    expect((await a.put(admin, ticket.id, { status: 'closed', userId: a.admin.id })).body.status).toBe('nps');
    const question = await asked;
    expect(question).toMatchObject({ body: expect.stringContaining('De 0 a 10'), fromMe: true, rating: true });
    const waiting = (await call('GET', '/messages', { visitor })).body.messages as Json[];
    expect(waiting.map((m) => [m.body, m.rating])).toEqual([
      ['oi', false],
      ['Resolvido!', false],
      [question.body, true],
    ]);

    // the widget's button sends the number as the visitor's message; the ticket moves on
    const over = new Promise<true>((resolve) => widget.once('ratingOver', () => resolve(true)));
    expect((await call('POST', '/messages', { visitor, body: { text: '9' } })).status).toBe(201);
    expect(await over).toBe(true);
    expect(await a.ticket(admin, ticket.id)).toMatchObject({ status: 'closed', userRating: { rate: 9 } });
    const after = (await call('GET', '/messages', { visitor })).body.messages as Json[];
    expect(after.find((m) => m.id === question.id)?.rating).toBe(false);
  });
});

describe("Web chat 'seen' (issue 41 point 1)", () => {
  it("an attendant opening the chat tells the widget live how far the visitor's messages were read, and the history says it too", async () => {
    const { a, call, startVisitor, liveSocket, ticketOf } = await widgetCompany();
    const visitor = await startVisitor({ name: 'Sara Visto' });
    const first = (await call('POST', '/messages', { visitor, body: { text: 'primeira' } })).body as Json;
    const ticket = await ticketOf('Sara Visto');
    expect((await call('GET', '/messages', { visitor })).body.seenUpTo).toBeNull();
    const widget = await liveSocket(visitor);
    const seen = new Promise<Json>((resolve) => widget.once('seen', resolve));
    // the attendant opens the ticket's chat: its unread count resets
    expect((await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).status).toBe(200);
    expect(await seen).toEqual({ id: first.id });
    expect((await call('GET', '/messages', { visitor })).body.seenUpTo).toBe(first.id);

    // a later message is not seen until the chat is read again
    const second = (await call('POST', '/messages', { visitor, body: { text: 'segunda' } })).body as Json;
    expect((await call('GET', '/messages', { visitor })).body.seenUpTo).toBe(first.id);
    const seenAgain = new Promise<Json>((resolve) => widget.once('seen', resolve));
    await expect.poll(async () => (await a.ticket(a.adminSession.token, ticket.id)).unreadMessages).toBeGreaterThan(0);
    expect((await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).status).toBe(200);
    expect(await seenAgain).toEqual({ id: second.id });
  });
});

describe("Editing a web chat connection's settings (issue 41 point 1)", () => {
  const changed = { name: 'Loja nova', allowedOrigins: ['https://nova.example'], color: '#00aa00', greeting: 'Oi de novo!', preChatForm: false };

  it('reads the settings for the form; a change applies to the next widget load and handshake at once, and drops the sockets of a website taken off the list', async () => {
    const { a, connection, call, startVisitor, liveSocket } = await widgetCompany();
    const admin = a.adminSession.token;
    const read = await t.request('GET', `/webchat/connections/${connection.id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ name: 'Site', allowedOrigins: [SITE], color: '#ff5500', greeting: 'Olá! Como podemos ajudar?', preChatForm: true });
    const visitor = await startVisitor({ name: 'Edu Edição' });
    const socket = await liveSocket(visitor);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const saved = await t.request('PUT', `/webchat/connections/${connection.id}`, { token: admin, body: { ...changed, allowedOrigins: ['https://Nova.Example'] } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: connection.id, name: 'Loja nova', channel: 'webchat', number: connection.number });
    expect(await dropped).toBe('io server disconnect');
    expect((await t.request('GET', `/webchat/connections/${connection.id}`, { token: admin })).body).toEqual(changed);

    expect((await call('GET', '/appearance')).status).toBe(403);
    const appearance = await call('GET', '/appearance', { origin: 'https://nova.example' });
    expect(appearance.body).toEqual({ color: '#00aa00', greeting: 'Oi de novo!', preChatForm: false, outOfHours: false });
    await expect(liveSocket(visitor)).rejects.toThrow('ERR_NO_PERMISSION');
    expect((await liveSocket(visitor, 'https://nova.example')).connected).toBe(true);
    expect((await call('GET', '/messages', { visitor, origin: 'https://nova.example' })).status).toBe(200);
  });

  it("bad input is 400 and changes nothing; another company's connection and another channel's are not found", async () => {
    const { a, connection } = await widgetCompany();
    const admin = a.adminSession.token;
    const before = (await t.request('GET', `/webchat/connections/${connection.id}`, { token: admin })).body;
    for (const body of [
      { ...changed, allowedOrigins: ['not a website'] },
      { ...changed, allowedOrigins: [] },
      { ...changed, color: 'red' },
      { ...changed, name: '' },
      { name: 'Só o nome' },
    ]) {
      const refused = await t.request('PUT', `/webchat/connections/${connection.id}`, { token: admin, body });
      expect(refused.status).toBe(400);
    }
    expect((await t.request('GET', `/webchat/connections/${connection.id}`, { token: admin })).body).toEqual(before);

    const other = await setupAttendance(t);
    for (const [method, body] of [['GET', undefined], ['PUT', changed]] as const) {
      const foreign = await t.request(method, `/webchat/connections/${connection.id}`, { token: other.adminSession.token, body });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe('ERR_NO_WAPP_FOUND');
    }
    // the company's own sandbox connection is no web chat
    expect((await t.request('PUT', `/webchat/connections/${a.connection.id}`, { token: admin, body: changed })).status).toBe(404);
    expect((await t.request('GET', `/webchat/connections/${connection.id}`, { token: admin })).body).toEqual(before);
  });
});
