import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

const adminOf = async (options: Parameters<typeof createCompany>[1] = {}) => {
  const tenant = await createCompany(t.db, options);
  const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, token };
};

describe('queues (02-operations §3 Queue, §5 Queue, §7 Queues and chatbot)', () => {
  it('creates, lists, updates and deletes queues with schedules; colour defaults to grey', async () => {
    const s = await adminOf();
    const created = await t.request('POST', '/queue', {
      token: s.token,
      body: {
        name: 'Vendas',
        greetingMessage: 'Bem-vindo às vendas',
        tempoRoteador: 15,
        ativarRoteador: true,
        schedules: [{ weekday: 'Segunda', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Vendas', color: '#7C7C7C', tempoRoteador: 15, ativarRoteador: true, chatbots: [] });
    const updated = await t.request('PUT', `/queue/${created.body.id}`, { token: s.token, body: { name: 'Vendas B2B', color: '#00AA00' } });
    expect(updated.body).toMatchObject({ name: 'Vendas B2B', color: '#00AA00', greetingMessage: 'Bem-vindo às vendas' });
    expect((await t.request('GET', '/queue', { token: s.token })).body.map((q: { name: string }) => q.name)).toEqual(['Vendas B2B']);
    expect((await t.request('DELETE', `/queue/${created.body.id}`, { token: s.token })).status).toBe(204);
    expect((await t.request('GET', `/queue/${created.body.id}`, { token: s.token })).status).toBe(404);
  });

  it('validates names and colours; a colour already used is ERR_QUEUE_COLOR_ALREADY_EXISTS; bad rotation time refused', async () => {
    const s = await adminOf();
    expect((await t.request('POST', '/queue', { token: s.token, body: { name: 'V' } })).body.fields).toEqual([
      { path: 'body.name', message: 'validation.tooShort' },
    ]);
    expect((await t.request('POST', '/queue', { token: s.token, body: { name: 'Vendas', color: '#1' } })).status).toBe(400);
    expect((await t.request('POST', '/queue', { token: s.token, body: { name: 'Vendas', tempoRoteador: 7 } })).status).toBe(400);
    await t.request('POST', '/queue', { token: s.token, body: { name: 'Vendas', color: '#123456' } });
    const sameColour = await t.request('POST', '/queue', { token: s.token, body: { name: 'Suporte', color: '#123456' } });
    expect(sameColour).toMatchObject({ status: 400, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
  });

  it("enforces the plan's queue limit and keeps profile users out", async () => {
    const s = await adminOf({ planFlags: { queues: 1 } });
    expect((await t.request('POST', '/queue', { token: s.token, body: { name: 'Uma', color: '#111111' } })).status).toBe(201);
    expect(await t.request('POST', '/queue', { token: s.token, body: { name: 'Duas', color: '#222222' } })).toMatchObject({
      status: 403,
      body: { error: 'ERR_PLAN_QUEUE_LIMIT' },
    });
    const plain = await createUser(t.db, s.company.id);
    const plainToken = (await t.login(plain.email, TEST_PASSWORD)).token;
    expect((await t.request('POST', '/queue', { token: plainToken, body: { name: 'Três', color: '#333333' } })).status).toBe(403);
  });

  it('edits the chatbot option tree per option, names of at least 4 characters, nested options', async () => {
    const s = await adminOf();
    const queue = (await t.request('POST', '/queue', { token: s.token, body: { name: 'Atendimento', color: '#AA0000' } })).body;
    const other = (await t.request('POST', '/queue', { token: s.token, body: { name: 'Financeiro', color: '#00AA00' } })).body;
    const short = await t.request('POST', '/chatbot', { token: s.token, body: { queueId: queue.id, name: 'abc' } });
    expect(short.body.fields).toEqual([{ path: 'body.name', message: 'validation.tooShort' }]);
    const root = await t.request('POST', '/chatbot', {
      token: s.token,
      body: { queueId: queue.id, name: 'Segunda via', greetingMessage: 'Escolha o mês', queueType: 'text' },
    });
    expect(root.status).toBe(201);
    const child = await t.request('POST', '/chatbot', {
      token: s.token,
      body: { queueId: queue.id, parentId: root.body.id, name: 'Falar com o financeiro', queueType: 'queue', optQueueId: other.id },
    });
    expect(child.status).toBe(201);
    const tree = await t.request('GET', `/queue/${queue.id}`, { token: s.token });
    expect(tree.body.chatbots).toMatchObject([{ name: 'Segunda via', options: [{ name: 'Falar com o financeiro', optQueueId: other.id }] }]);
    const renamed = await t.request('PUT', `/chatbot/${root.body.id}`, { token: s.token, body: { name: 'Segunda via do boleto' } });
    expect(renamed.body).toMatchObject({ name: 'Segunda via do boleto', options: [{ id: child.body.id }] });
    const wrongParent = await t.request('POST', '/chatbot', { token: s.token, body: { queueId: other.id, parentId: root.body.id, name: 'Cruzado' } });
    expect(wrongParent.status).toBe(400);
    expect((await t.request('DELETE', `/chatbot/${root.body.id}`, { token: s.token })).status).toBe(204);
    expect((await t.request('GET', `/chatbot?queueId=${queue.id}`, { token: s.token })).body).toEqual([]);
  });

  it('an update changes only the fields it sends: no colour keeps the colour, no type keeps the option type (issue 12, 02-operations §7 Queues and chatbot)', async () => {
    const s = await adminOf();
    const grey = await t.request('POST', '/queue', { token: s.token, body: { name: 'Cinza' } });
    expect(grey.body.color).toBe('#7C7C7C');
    const queue = (await t.request('POST', '/queue', { token: s.token, body: { name: 'Vendas', color: '#AA0000' } })).body;
    const renamed = await t.request('PUT', `/queue/${queue.id}`, { token: s.token, body: { name: 'Vendas B2B' } });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Vendas B2B', color: '#AA0000' } });

    const option = (await t.request('POST', '/chatbot', { token: s.token, body: { queueId: queue.id, name: 'Falar com alguém', queueType: 'attendent' } })).body;
    const optionRenamed = await t.request('PUT', `/chatbot/${option.id}`, { token: s.token, body: { name: 'Falar com um atendente' } });
    expect(optionRenamed).toMatchObject({ status: 200, body: { name: 'Falar com um atendente', queueType: 'attendent' } });
  });

  it('publishes company-{id}-queue to the company only', async () => {
    const s = await adminOf();
    const other = await adminOf();
    const mine = await connectSocket(t, s.token);
    const theirs = await connectSocket(t, other.token);
    sockets.push(mine, theirs);
    const seenMine = recordEvents(mine);
    const seenTheirs = recordEvents(theirs);
    await t.request('POST', '/queue', { token: s.token, body: { name: 'Ao vivo', color: '#ABCDEF' } });
    await awaitMarker(t, { socket: mine, token: s.token, user: s.admin });
    await awaitMarker(t, { socket: theirs, token: other.token, user: other.admin });
    expect(seenMine.map((event) => `${event.channel}:${event.payload.action}`)).toContain(`company-${s.company.id}-queue:update`);
    expect(seenTheirs).toEqual([]);
  });
});
